import { useState } from 'react';
import { fallbackMessages, notices } from '../../domain/appMessages.ts';
import type { TradePlan, TradePlanStatus } from '../../domain/types.ts';
import { errorMessage } from '../api/http.ts';
import { announce } from '../ui/notices.ts';
import { changePlanStatus } from './planMutations.ts';

/**
 * A status change from a plan's dropdown. A refusal (a rule of the transition table, another
 * active plan for the stock) belongs to that plan: its message shows on the plan's own card,
 * where the trader acted, not in a banner a screen away; it offers no Retry, since retrying
 * cannot change a rule. A change made offline is queued, never refused for the network.
 */
export function useStatusChange() {
  const [refusal, setRefusal] = useState<{ planId: string; message: string }>();

  async function change(plan: TradePlan, status: TradePlanStatus) {
    setRefusal(undefined);
    try {
      const outcome = await changePlanStatus(plan, status);
      announce(
        outcome === 'queued'
          ? notices.savedOnDevice(`${plan.stock} to ${status}`)
          : notices.statusChanged(plan.stock, status),
      );
    } catch (error) {
      setRefusal({ planId: plan.id, message: errorMessage(error, fallbackMessages.updatePlanStatus) });
    }
  }

  return {
    change,
    /** The refusal of this plan's last status change, if it was refused. */
    refusalOf: (plan: TradePlan) => (refusal?.planId === plan.id ? refusal.message : undefined),
    dismiss: () => setRefusal(undefined),
  };
}
