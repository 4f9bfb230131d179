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
import { markRefused } from './refusedBy';

/** The calls in flight of each dispatcher, by principal. */
const inFlight = new WeakMap<Services, Tally>();

export const principalCalls: Rule = {
  name: 'principalCalls',
  concerns: (method) => method?.targetKind === 'tool',
  // one step around the call (no separate `before`): it refuses, or counts what it lets through
  around(message, next, services) {
    let tally = inFlight.get(services);
    let key: string | undefined;
    if (tally?.total) {
      const max = services.tools.limits.maxConcurrentCallsPerPrincipal;
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
