/**
 * YamlTextFormatter: the compact YAML-like text of a result (the Pt text format, minus its
 * trailing spaces). Two spaces of indent per level starting at level one, nested containers on
 * the next line, empty ones as `[]`/`{}`, strings raw, null as nothing, binary as `[binary]`.
 */
import type { Formatter } from './Formatter';

interface Frame {
  readonly empty: string;
  count: number;
}

const STRUCT = '{}';
const SEQUENCE = '[]';

/** A Formatter that builds the text; read it with {@link YamlTextFormatter.text}. */
export class YamlTextFormatter implements Formatter {
  private out = '';
  private readonly frames: Frame[] = [];

  /** The text written so far. */
  get text(): string {
    return this.out;
  }

  addNull(): void {}

  addBool(value: boolean): void {
    this.scalar(value ? 'true' : 'false');
  }

  addInt(value: number | bigint): void {
    this.scalar(String(value));
  }

  addFloat(value: number): void {
    this.scalar(value !== value ? 'nan' : value === Infinity ? 'inf' : value === -Infinity ? '-inf' : String(value));
  }

  addString(value: string): void {
    this.scalar(value);
  }

  addBinary(): void {
    this.scalar('[binary]');
  }

  beginStruct(): void {
    this.frames.push({ empty: STRUCT, count: 0 });
  }

  beginMember(name: string): void {
    this.line(name + ':');
  }

  finishMember(): void {}

  finishStruct(): void {
    this.finishContainer();
  }

  beginSequence(): void {
    this.frames.push({ empty: SEQUENCE, count: 0 });
  }

  beginElement(): void {
    this.line('-');
  }

  finishElement(): void {}

  finishSequence(): void {
    this.finishContainer();
  }

  /** Starts a member or element line: a newline unless it is the first line, then the indent. */
  private line(head: string): void {
    const depth = this.frames.length;
    this.frames[depth - 1].count++;
    if (this.out !== '') this.out += '\n';
    this.out += '  '.repeat(depth) + head;
  }

  private scalar(text: string): void {
    if (this.frames.length === 0) this.out += text;
    else if (text !== '') this.out += ' ' + text;
  }

  private finishContainer(): void {
    const frame = this.frames.pop() as Frame;
    if (frame.count === 0) this.out += this.frames.length ? ' ' + frame.empty : frame.empty;
  }
}
