import type { EdgeInput } from './types.ts';

/**
 * What a new edge is made of: its input, active (deleting an edge deactivates it). `id` and
 * anything else the input carries are left out.
 */
export function newEdge(input: Omit<EdgeInput, 'id'>) {
  return {
    name: input.name,
    description: input.description,
    identificationNotes: input.identificationNotes,
    weightFactor: input.weightFactor,
    isActive: true,
  };
}
