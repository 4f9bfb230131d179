/**
 * principalCalls: the rule of `maxConcurrentCallsPerPrincipal` — a fair share of the server for
 * each caller. It counts, per principal (a token's caller, a stdio connection, or the one
 * anonymous principal of an open endpoint), the tools/call requests not yet answered — those
 * whose reply went asynchronous; one answered on the spot was never concurrent — and refuses one
 * more at once (-32000, HTTP 503 with `Retry-After`), never queued. It comes after `concurrency`:
 * a server that is full says so before a caller is told it holds its share. A call that creates
 * a task counts until the task is created; running tasks have their own cap (TaskRunner).
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { busy } from '../DispatchResult';
import { errorReply } from '../replies';
import { principalOf } from '../principal';
import type { InboundRequest } from '../Inbound';
import type { Services } from '../methods/Handler';
import { Tally } from '../tally';
import type { Rule } from './Rule';
import type { RuleModule } from './RuleModule';
import { isLimitValue } from '../limits';
import { markRefused } from './refusedBy';

/** The dispatcher option of the per-principal call limit. */
export interface PrincipalCallsOptions {
  /**
   * Most tool calls one principal may have unanswered at once (default 100): a token's caller
   * (issuer and subject), a stdio connection, or — on an open HTTP endpoint — the one anonymous
   * principal that every caller there is, for whom this is then the endpoint's cap. One more is
   * refused at once: `-32000` "Server busy: this caller has N tool calls in flight
   * (maxConcurrentCallsPerPrincipal (100))", HTTP 503 with `Retry-After: 1`. A task-creating call
   * counts until its task is created; the task then counts in `maxRunningTasksPerPrincipal`.
   */
  maxConcurrentCallsPerPrincipal?: number;
}

/** The limit of a principal's unanswered calls, {@link PrincipalCallsOptions}. */
export interface PrincipalCallsLimits {
  /**
   * Most tool calls one principal (`principal.ts`: a token's caller, a stdio connection, or the
   * one anonymous principal of an open endpoint) has unanswered at once. One more is refused at
   * once like `maxConcurrentCalls`, naming this limit.
   */
  readonly maxConcurrentCallsPerPrincipal: number;
}

/** The default: 100 calls per principal. */
const DEFAULT_LIMIT: PrincipalCallsLimits = { maxConcurrentCallsPerPrincipal: 100 };

/** The calls in flight of each dispatcher, by principal. */
const inFlight = new WeakMap<Services, Tally>();

/** The rule that refuses a principal's call beyond `max` unanswered ones. */
function principalCallsRule(max: number): Rule {
  return {
    name: 'principalCalls',
    concerns: (method) => method?.targetKind === 'tool',
    // one step around the call (no separate `before`): it refuses, or counts what it lets through
    around(message, next, services) {
      let tally = inFlight.get(services);
      let key: string | undefined;
      if (tally?.total) {
        const held = tally.of((key = principalOf(message.context).key));
        if (held >= max) {
          return markRefused(busy(errorReply((message as InboundRequest).id, ErrorCodes.ServerBusy, `Server busy: this caller has ${held} tool calls in flight (maxConcurrentCallsPerPrincipal (${max})); try again later`)), 'principalCalls');
        }
      }
      const reply = next();
      if (!(reply instanceof Promise)) return reply;
      if (!tally) inFlight.set(services, (tally = new Tally()));
      const counted = tally;
      const held = key ?? principalOf(message.context).key;
      counted.add(held);
      return reply.finally(() => counted.remove(held));
    },
  };
}

/** The per-principal call limit's module: its rule with the default limit, or with the option's. */
export const principalCalls: RuleModule<PrincipalCallsOptions, PrincipalCallsLimits> = {
  name: 'principalCalls',
  options: { maxConcurrentCallsPerPrincipal: { expected: 'a positive integer or Infinity', ok: isLimitValue } },
  limits: DEFAULT_LIMIT,
  rule: principalCallsRule(DEFAULT_LIMIT.maxConcurrentCallsPerPrincipal),
  make: (options) => principalCallsRule(options.maxConcurrentCallsPerPrincipal ?? DEFAULT_LIMIT.maxConcurrentCallsPerPrincipal),
};
