/**
 * chain: the ordered rules every request passes after its era admitted it, whatever its era or
 * transport, composed once per (era, method) into one function that ends in the method's handler
 * (and the era's stamp). Rules that do not concern a method are left out of its chain, so a
 * `ping` runs none. The order is the order a client learns of refusals: who may call (scopes,
 * 403) before what the client can do (capabilities, -32021) before how busy the server is (503).
 * A new rule is one module in this folder and one entry in the registry (`registry.ts`).
 */
import type { Era } from '../../protocol/profile';
import { ErrorCodes } from '../../faults/ErrorCodes';
import type { Reply } from '../DispatchResult';
import type { Inbound, InboundRequest } from '../Inbound';
import { errorReply } from '../replies';
import type { Services } from '../methods/Handler';
import type { MethodDescriptor } from '../methods/MethodDescriptor';
import { NOTIFICATIONS } from '../methods/methods';
import { ERAS } from '../eras';
import type { Rule, Verdict } from './Rule';
import { markRefused } from './refusedBy';

/** One request's way through the rest of a chain. */
type Step = (message: Inbound) => Reply;

/** The composed chains of one dispatcher: per era, per method (and for unknown methods and notifications). */
export class Chains {
  private readonly byEra: Record<Era, Map<MethodDescriptor | undefined, Step>> = { legacy: new Map(), modern: new Map() };
  private notifications: Step | undefined;

  constructor(
    private readonly rules: readonly Rule[],
    private readonly services: Services,
  ) {}

  /** Runs a request of `descriptor` (`undefined`: its era lacks the method) through its chain. */
  request(request: InboundRequest, descriptor: MethodDescriptor | undefined): Reply {
    const era = request.profile.era;
    let step = this.byEra[era].get(descriptor);
    if (!step) this.byEra[era].set(descriptor, (step = this.compose(descriptor, guarded(handlerStep(era, descriptor, this.services), this.services))));
    return step(request);
  }

  /** Runs a notification through the rules around every message (telemetry), then its handler. */
  notification(notification: Inbound): void {
    this.notifications ??= this.compose(undefined, (message) => void NOTIFICATIONS.get(message.method)?.handle(message, this.services));
    void this.notifications(notification);
  }

  private compose(descriptor: MethodDescriptor | undefined, last: Step): Step {
    let next = last;
    for (let i = this.rules.length - 1; i >= 0; i--) {
      const rule = this.rules[i];
      if (rule.concerns && !rule.concerns(descriptor)) continue;
      // a rule that checks before the handler concerns requests of served methods only
      if (rule.before && descriptor) next = beforeStep(rule, next, this.services);
      if (rule.around) next = aroundStep(rule, next, this.services);
    }
    return next;
  }
}

/** The end of a chain: the method's handler and its era's stamp, or the era's unknown-method answer. */
function handlerStep(era: Era, descriptor: MethodDescriptor | undefined, services: Services): Step {
  const rules = ERAS[era];
  if (!descriptor) return (message) => errorReply((message as InboundRequest).id, ErrorCodes.MethodNotFound, 'Method not found', undefined, rules.unknownMethod);
  const { handle } = descriptor;
  const write = rules.writer(services.decl, descriptor.stamped === true);
  return (message) => write(message as InboundRequest, handle(message as InboundRequest, services));
}

/** `step`, answering -32603 for whatever it throws, so the rules around it see an answer. */
function guarded(step: Step, services: Services): Step {
  return (message) => {
    try {
      return step(message);
    } catch (error) {
      return message.id === undefined ? undefined : services.policy.internal(message.id, error, { requestId: message.id, method: message.method });
    }
  };
}

function beforeStep(rule: Rule, next: Step, services: Services): Step {
  const before = rule.before!.bind(rule);
  const check = guarded((request) => before(request as InboundRequest, services) as Reply, services);
  return (message) => {
    const request = message as InboundRequest;
    const verdict = check(request) as Verdict | Promise<Verdict>;
    if (verdict === undefined) return next(request);
    if (!(verdict instanceof Promise)) return markRefused(verdict, rule.name);
    if (request.mode === 'sync') {
      verdict.catch(() => undefined);
      return services.policy.internal(request.id, new Error(`rule "${rule.name}" went asynchronous in synchronous dispatch`), { requestId: request.id, method: request.method });
    }
    return verdict.then(
      (refusal: Verdict) => (refusal ? markRefused(refusal, rule.name) : next(request)),
      (error: unknown) => services.policy.internal(request.id, error, { requestId: request.id, method: request.method }),
    );
  };
}

function aroundStep(rule: Rule, next: Step, services: Services): Step {
  const around = rule.around!.bind(rule);
  return (message) => around(message, () => next(message), services);
}
