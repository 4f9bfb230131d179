/**
 * legacyMethods: the method table of the legacy era (2024-11-05 … 2025-11-25). Any other
 * request is -32601; any other notification is ignored.
 */
import type { MethodTable } from './Handler';
import { initialize } from './initialize';
import { toolsList } from './toolsList';
import { toolsCall } from './toolsCall';
import { ping } from './ping';
import { cancelled } from './cancelled';
import { setLevel } from './setLevel';

export const legacyMethods: MethodTable = Object.freeze({
  requests: new Map([
    ['initialize', initialize],
    ['tools/list', toolsList],
    ['tools/call', toolsCall],
    ['ping', ping],
    ['logging/setLevel', setLevel],
  ]),
  notifications: new Map([['notifications/cancelled', cancelled]]),
});
