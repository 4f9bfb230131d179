/**
 * audit: the rule of the `audit` option — right inside telemetry, around every `tools/call`,
 * `resources/read` and `prompts/get`, so it sees each one's answer, refusals by the later rules
 * included, and (as an observer of what never reaches a chain) those refused by the 2026-07-28
 * admission ladder (`rule: 'admission'`). Each becomes one {@link AuditEvent} appended to a
 * bounded queue; the sink runs off the request's path.
 */
import type { Principal } from '../../auth/Principal';
import type { DispatchContext } from '../DispatchContext';
import type { DispatchResult, Reply } from '../DispatchResult';
import type { Inbound } from '../Inbound';
import { principalOf } from '../principal';
import { isObject } from '../../guards';
import { AuditQueue, DEFAULT_AUDIT_QUEUE } from '../../governance/AuditQueue';
import type { AuditEvent, AuditOptions, AuditPrincipal } from '../../governance/AuditEvent';
import { auditProblem } from '../../governance/auditProblem';
import { auditOutcome, resultValue } from '../auditOutcome';
import { METHOD } from '../../protocol/methodNames';
import { ErrorCodes } from '../../faults/ErrorCodes';
import { errorReply } from '../replies';
import type { Target } from '../Target';
import type { Rule } from './Rule';
import type { RuleModule } from './RuleModule';

/** The dispatcher option of the audit rule. */
export interface AuditRuleOptions {
  /**
   * An audit log: one event per `tools/call`, `resources/read` and `prompts/get`, refused ones
   * included, to `sink` (`jsonLinesAudit(stream)` writes JSON lines) through a bounded queue
   * that never blocks a call (see {@link AuditOptions}). Default: none.
   */
  audit?: AuditOptions;
}

/** The audit rule's module: in the chain only when the `audit` option is given; its queue's drop reports go to the error policy. */
export const audit: RuleModule<AuditRuleOptions> = {
  name: 'audit',
  options: { audit: { problem: auditProblem } },
  make: (options, policy) => options.audit && auditRule(options.audit, (error) => policy.report(error, {})),
};

/** The methods audited, with the event field that names their target and the param it comes from. */
const AUDITED: ReadonlyMap<string, { field: 'tool' | 'resource' | 'prompt'; param: 'name' | 'uri' }> = new Map([
  [METHOD.toolsCall, { field: 'tool', param: 'name' }],
  [METHOD.resourcesRead, { field: 'resource', param: 'uri' }],
  [METHOD.promptsGet, { field: 'prompt', param: 'name' }],
] as const);

/** The longest target name an event keeps (a client chooses it). */
const MAX_NAME = 256;

/** The rule of a dispatcher's `audit` option; `report` receives the queue's drop reports (the error policy). */
export function auditRule(options: AuditOptions, report: (error: Error) => void): Rule {
  const queue = new AuditQueue(options.sink, options.maxQueue ?? DEFAULT_AUDIT_QUEUE, report);
  const values = options.values;
  const record = (message: Inbound, version: string, arrived: number, started: number, result: DispatchResult | undefined, target: Target | undefined, rule?: string): void => {
    const id = message.id;
    const audited = AUDITED.get(message.method);
    if (id === undefined || !audited) return;
    const read = auditOutcome(result, message.method);
    const params = isObject(message.params) ? message.params : {};
    const named = target?.name ?? params[audited.param];
    let event: AuditEvent = {
      time: new Date(arrived).toISOString(),
      principal: auditPrincipal(principalOf(message.context)),
      method: message.method,
      ...(typeof named === 'string' ? { [audited.field]: named.slice(0, MAX_NAME) } : {}),
      protocolVersion: version,
      transport: transportOf(message.context),
      requestId: id,
      ...(read.taskId === undefined ? {} : { taskId: read.taskId }),
      outcome: rule === undefined ? read.outcome : 'refused',
      ...(read.code === undefined ? {} : { code: read.code }),
      ...(rule ?? read.rule ? { rule: rule ?? read.rule } : {}),
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    };
    if (values) {
      const kept = values({ arguments: params.arguments, result: read.outcome === 'ok' || read.outcome === 'tool_error' ? resultValue(result) : undefined }, event);
      if (kept) event = { ...event, ...(kept.arguments === undefined ? {} : { arguments: kept.arguments }), ...(kept.result === undefined ? {} : { result: kept.result }) };
    }
    queue.push(event);
  };
  return {
    name: 'audit',
    concerns: (method) => method !== undefined && AUDITED.has(method.method),
    around(message: Inbound, next: () => Reply): Reply {
      const arrived = Date.now();
      const started = performance.now();
      const version = message.profile.version;
      const reply = next();
      if (!(reply instanceof Promise)) {
        record(message, version, arrived, started, reply, message.target);
        return reply;
      }
      return reply.then(
        (result) => {
          record(message, version, arrived, started, result, message.target);
          return result;
        },
        (error: unknown) => {
          // a chain that failed is an error, not a request answered with nothing (cancelled)
          record(message, version, arrived, started, errorReply(message.id ?? null, ErrorCodes.InternalError, 'Internal error'), message.target);
          throw error;
        },
      );
    },
    refused(result, context, envelope, target) {
      if (envelope?.id !== undefined && AUDITED.has(envelope.method)) {
        const now = performance.now();
        const inbound = { id: envelope.id, method: envelope.method, params: envelope.params, context } as Inbound;
        record(inbound, context.protocolVersion ?? '', Date.now(), now, result, target, 'admission');
      }
      return result;
    },
  };
}

/** The event's principal: a token's caller; `null` for a connection or an anonymous caller. */
function auditPrincipal(principal: Principal): AuditPrincipal | null {
  return principal.kind === 'token' ? { issuer: principal.issuer, subject: principal.subject, clientId: principal.clientId } : null;
}

/** The transport a message came on, from what its context says of the peer. */
function transportOf(context: DispatchContext): AuditEvent['transport'] {
  const peer = context.peer?.();
  if (peer?.protocol === 'http') return 'http';
  return peer?.transport === 'pipe' ? 'stdio' : 'in-process';
}
