/**
 * Formatter: the event sink a decomposed value is drained into (Pt's Formatter protocol).
 * A result value becomes a stream of scalar, struct and sequence events; a ContentFormatter
 * supplies the Formatter that turns those events into the bytes of a content block.
 */

/**
 * Receives the events of a decomposed value. Structs emit `beginStruct`, then for each member
 * `beginMember(name)`, the member's events and `finishMember()`, then `finishStruct()`;
 * sequences do the same with `beginElement`/`finishElement`.
 */
export interface Formatter {
  /** `null` or `undefined`. */
  addNull(): void;
  addBool(value: boolean): void;
  /** An integral number or a bigint. */
  addInt(value: number | bigint): void;
  /** A number with a fraction, or NaN / ±Infinity. */
  addFloat(value: number): void;
  addString(value: string): void;
  /** Bytes (`Uint8Array`, `Buffer`, `ArrayBuffer`); the view is only valid during the call. */
  addBinary(bytes: Uint8Array): void;
  beginStruct(): void;
  beginMember(name: string): void;
  finishMember(): void;
  finishStruct(): void;
  beginSequence(): void;
  beginElement(): void;
  finishElement(): void;
  finishSequence(): void;
}
