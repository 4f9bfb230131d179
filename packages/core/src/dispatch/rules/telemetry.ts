/**
 * telemetry: the `telemetry` option as a rule of the chain — outermost, so each message's SERVER
 * span covers the other rules, the handler and the stamp (a refusal by a later rule is recorded as
 * that request's outcome), and it observes what never reaches a chain (messages refused before
 * one) and each message's arrival (spans start when it arrived, not when it was routed).
 */
import { Telemetry } from '../../telemetry/Telemetry';
import { telemetryProblem } from '../../telemetry/TelemetryOptions';
import type { TelemetryOptions } from '../../telemetry/TelemetryOptions';
import { TELEMETRY_METHODS } from '../methods/methods';
import { resultJsonOf } from '../replies';
import type { Rule } from './Rule';
import type { RuleModule } from './RuleModule';

/** The dispatcher option of the telemetry rule. */
export interface TelemetryRuleOptions {
  /**
   * OpenTelemetry: one SERVER span per request and notification, after the semantic conventions
   * for MCP, and the `mcp.server.operation.duration` histogram — `{ tracer, api, meter?,
   * captureContent? }` (see {@link TelemetryOptions}). Default: none, and nothing of
   * OpenTelemetry is loaded or called.
   */
  telemetry?: TelemetryOptions;
}

/** The telemetry rule's module: in the chain only when the `telemetry` option is given. */
export const telemetry: RuleModule<TelemetryRuleOptions> = {
  name: 'telemetry',
  options: { telemetry: { problem: telemetryProblem } },
  make: (options) => options.telemetry && telemetryRule(options.telemetry),
};

/** The rule of a dispatcher's `telemetry` option. */
export function telemetryRule(options: TelemetryOptions): Rule {
  const telemetry = new Telemetry(options, TELEMETRY_METHODS, resultJsonOf);
  return {
    name: 'telemetry',
    around: (message, next) => telemetry.handled(message, message.profile.version, message.context, next, message.target),
    arrive: (dispatch) => telemetry.arrive(dispatch),
    refused: (result, context, envelope, target) => telemetry.refused(result, context, envelope, target),
  };
}
