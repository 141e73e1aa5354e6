import { EDGE_PRIORITY_HIGH_MIN, EDGE_PRIORITY_MEDIUM_MIN } from './constants.ts';

export type EdgePriority = 'high' | 'medium' | 'low';

export function edgePriority(weightFactor: number): EdgePriority {
  if (weightFactor >= EDGE_PRIORITY_HIGH_MIN) return 'high';
  if (weightFactor >= EDGE_PRIORITY_MEDIUM_MIN) return 'medium';
  return 'low';
}
