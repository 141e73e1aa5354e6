import { Badge } from '../ui/Badge.tsx';

/** Says in words, not only in colour, that a group's figures rest on too few trades to trust. */
export function SmallSampleBadge() {
  return (
    <>
      {' '}
      <Badge color="yellow">Small sample</Badge>
    </>
  );
}
