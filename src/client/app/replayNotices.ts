import { useEffect } from 'react';
import { notices } from '../../domain/appMessages.ts';
import { onReplay, type ReplayReport } from '../sync/outbox.ts';
import { announce } from '../ui/notices.ts';

/**
 * What the trader hears when changes kept on this device reach the server: how many were saved.
 * A refused one is listed by ConnectionStatus, from the cache; one dropped as already done (the
 * record was deleted since) needs no word.
 */
export function announceReplay({ saved }: ReplayReport): void {
  if (saved > 0) announce(notices.backOnline(saved));
}

/**
 * Listens to the outbox's replays for as long as the app runs: App mounts once, where each
 * page's frame (and the status strip in it) mounts anew on every navigation.
 */
export function useReplayNotices(): void {
  useEffect(() => onReplay(announceReplay), []);
}
