import { describe, expect, it } from 'vitest';
import { newEdge } from '../../src/domain/edges.ts';

describe('newEdge', () => {
  it('makes a new edge active, from its input', () => {
    const input = { name: 'Trend', description: 'd', identificationNotes: 'n', weightFactor: 0.8 };
    expect(newEdge(input)).toEqual({ ...input, isActive: true });
  });

  it('leaves out the id and anything else the input carries', () => {
    const input = {
      id: 'e1',
      name: 'Trend',
      description: 'd',
      identificationNotes: 'n',
      weightFactor: 0.5,
      x: 1,
    };
    expect(newEdge(input)).toEqual({
      name: 'Trend',
      description: 'd',
      identificationNotes: 'n',
      weightFactor: 0.5,
      isActive: true,
    });
  });
});
