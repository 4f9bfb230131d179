/**
 * requiredCapabilities: the rule of the client capabilities a tool needs (`Tool.setRequiredCapabilities`).
 * Where the client's capabilities are known — a 2026-07-28 request's `_meta`, or a legacy stdio
 * connection's `initialize` — a call of a tool that needs one the client did not declare is
 * refused before the procedure runs: -32021 with `data.requiredCapabilities` holding the missing
 * ones (HTTP 400). Over stateless legacy HTTP the capabilities cannot be known, and nothing is
 * refused (an ask the tool then makes fails as it always does there).
 */
import { ErrorCodes } from '../../faults/ErrorCodes';
import { isObject } from '../../guards';
import { errorReply } from '../replies';
import { DispatchResult, refused } from '../DispatchResult';
import { fixedRule } from './RuleModule';
import type { InboundRequest } from '../Inbound';
import { knownClientCapabilitiesOf } from '../callScope';

/** The -32021 refusal of a call whose tool needs a capability the client did not declare, or `undefined`. */
export const requiredCapabilities = fixedRule({
  name: 'requiredCapabilities',
  concerns: (method) => method?.targetKind === 'tool',
  before: (request) => capabilityRefusal(request),
});

function capabilityRefusal(request: InboundRequest): DispatchResult | undefined {
  const tool = request.target;
  if (tool?.kind !== 'tool') return undefined;
  const required = tool.requiredCapabilities;
  if (!required) return undefined;
  const declared = knownClientCapabilitiesOf(request);
  if (!declared) return undefined;
  const missing = missingCapabilities(required, declared);
  if (!missing) return undefined;
  const names = Object.keys(missing).join(', ');
  return refused(
    errorReply(request.id, ErrorCodes.MissingClientCapability, `Missing required client capability: ${names} (tool "${tool.name}")`, {
      requiredCapabilities: missing,
    }),
  );
}

/**
 * The part of `required` that `declared` does not cover (an object value needs an object with
 * its keys covered in turn, any other value an equal one), or `undefined` when all is declared.
 */
function missingCapabilities(required: Readonly<Record<string, unknown>>, declared: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  let missing: Record<string, unknown> | undefined;
  for (const [key, need] of Object.entries(required)) {
    const has = Object.prototype.hasOwnProperty.call(declared, key) ? declared[key] : undefined;
    const covered = isObject(need) ? isObject(has) && missingCapabilities(need, has) === undefined : has === need;
    if (!covered) (missing ??= {})[key] = need;
  }
  return missing;
}
