// An edge (docs/product.md, "Edges"): a weighted reason to take a trade. Its struct is the one
// definition of the record: the types, the API's validator, the new edge and the backup's check.
import {
  EDGE_NAME_MAX_LENGTH,
  EDGE_TEXT_MAX_LENGTH,
  WEIGHT_FACTOR_MAX,
  WEIGHT_FACTOR_MIN,
} from './constants.ts';
import { messages } from './messages.ts';
import {
  clientId,
  finite,
  type Infer,
  nameKey,
  object,
  recordOf,
  sameValues,
  text,
  validator,
  yesOrNo,
} from './validation.ts';

/** What the trader writes: `POST` and `PUT /api/v1/edges` carry these. */
const edgeFields = {
  name: text(EDGE_NAME_MAX_LENGTH, messages.edgeNameTooLong, messages.edgeNameRequired),
  description: text(EDGE_TEXT_MAX_LENGTH, messages.edgeDescriptionTooLong, messages.edgeDescriptionRequired),
  identificationNotes: text(
    EDGE_TEXT_MAX_LENGTH,
    messages.edgeIdentificationNotesTooLong,
    messages.edgeIdentificationNotesRequired,
  ),
  weightFactor: finite(
    (n) => n >= WEIGHT_FACTOR_MIN && n <= WEIGHT_FACTOR_MAX,
    messages.edgeWeightOutOfRange,
  ),
};

export const edgeInput = object({ ...clientId, ...edgeFields });
export type EdgeInput = Infer<typeof edgeInput>;

/** An edge as the API answers it, the app caches it and a backup holds it. */
export const edgeRecord = recordOf({
  ...edgeFields,
  // Deleting deactivates: plans that cite the edge keep its name.
  isActive: yesOrNo,
});
export type Edge = Infer<typeof edgeRecord>;

export const validateEdgeInput = validator(edgeInput);
export const validateEdgeRecord = validator(edgeRecord);

/** What a new edge is made of: its input, active. `id` and anything else the input carries are left out. */
export function newEdge(input: Omit<EdgeInput, 'id'>): Omit<Edge, 'id' | 'createdAt' | 'updatedAt'> {
  const { name, description, identificationNotes, weightFactor } = input;
  return { name, description, identificationNotes, weightFactor, isActive: true };
}

/** The fields an edit writes. */
export const EDGE_FIELDS = Object.keys(edgeFields) as (keyof typeof edgeFields)[];

/** The same edge, whenever it was made or last edited (a restore skips it). */
export const sameEdge = (a: Edge, b: Edge): boolean => sameValues(a, b, [...EDGE_FIELDS, 'isActive']);

/** The name an active edge holds: unique among the trader's active edges (a deleted one frees it). */
export const activeNameOf = (edge: Pick<Edge, 'name' | 'isActive'>): string | undefined =>
  edge.isActive ? nameKey(edge.name) : undefined;
