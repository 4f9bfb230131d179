/**
 * ImageContent and AudioContent: a binary result becomes a base64 media block,
 * `{"type":"image"|"audio","data":B64,"mimeType":M}`. Bytes are encoded as they arrive.
 */
import { ContentFormatter, ContentType, FormatContext, profileOf } from './ContentType';
import type { Formatter } from './Formatter';
import { Base64Encoder } from './Base64Encoder';
import { audioPlaceholder } from './blocks';
import { JsonRpcFault } from '../faults/JsonRpcFault';
import { ErrorCodes } from '../faults/ErrorCodes';

/** Streams a binary result into a base64 `data` member; anything that is not binary is refused. */
export class MediaFormatter extends ContentFormatter implements Formatter {
  private readonly encoder = new Base64Encoder();
  private sawBinary = false;
  private refused: string | undefined;
  /** Set when the protocol version lacks this kind (audio before 2025-03-26): a text block names it instead. */
  private placeholder = false;

  constructor(
    private readonly kind: 'image' | 'audio',
    private readonly mimeType: string,
    context?: FormatContext,
  ) {
    super(context);
  }

  protected onBeginContent(): void {
    if (this.kind === 'audio' && !profileOf(this.context).audio) this.placeholder = true;
    else this.write(`{"type":${JSON.stringify(this.kind)},"data":"`);
  }

  protected onBeginFormat(): Formatter {
    return this;
  }

  protected onFinishContent(): void {
    if (this.refused !== undefined || !this.sawBinary) {
      throw new JsonRpcFault(
        `${this.kind} content: expected the tool to return binary data (Uint8Array, Buffer or ArrayBuffer), got ${this.refused ?? 'nothing'}`,
        ErrorCodes.InternalError,
      );
    }
    if (this.placeholder) return this.write(`{"type":"text","text":${JSON.stringify(audioPlaceholder(this.mimeType))}}`);
    this.write(this.encoder.flush() + `","mimeType":${JSON.stringify(this.mimeType)}}`);
  }

  addBinary(bytes: Uint8Array): void {
    if (this.refused !== undefined) return;
    if (this.sawBinary) return this.refuse('more than one binary value');
    this.sawBinary = true;
    if (this.placeholder) return;
    const chunk = this.encoder.push(bytes);
    if (chunk) this.write(chunk);
  }

  addNull(): void {
    this.refuse('null');
  }
  addBool(): void {
    this.refuse('a boolean');
  }
  addInt(): void {
    this.refuse('a number');
  }
  addFloat(): void {
    this.refuse('a number');
  }
  addString(): void {
    this.refuse('a string');
  }
  beginStruct(): void {
    this.refuse('an object');
  }
  beginSequence(): void {
    this.refuse('an array');
  }
  beginMember(): void {}
  finishMember(): void {}
  finishStruct(): void {}
  beginElement(): void {}
  finishElement(): void {}
  finishSequence(): void {}

  private refuse(what: string): void {
    this.refused ??= what;
  }
}

/** A binary result as a base64 media block of one kind and MIME type (the base of image and audio). */
export abstract class MediaContent extends ContentType {
  /** The block's `type`. */
  abstract readonly kind: 'image' | 'audio';

  /** @param mimeType - the block's `mimeType`. */
  constructor(readonly mimeType: string) {
    super();
    if (typeof mimeType !== 'string' || !mimeType) throw new TypeError(`${new.target.name}: expected a non-empty MIME type`);
  }

  getFormatter(context?: FormatContext): ContentFormatter {
    return new MediaFormatter(this.kind, this.mimeType, context);
  }
}

/** An image content type with a fixed MIME type (default `image/png`). */
export class ImageContent extends MediaContent {
  readonly kind = 'image' as const;
  /** @param mimeType - the block's `mimeType`, e.g. `image/jpeg`. */
  constructor(mimeType = 'image/png') {
    super(mimeType);
  }
}

/** An audio content type with a fixed MIME type (default `audio/wav`). */
export class AudioContent extends MediaContent {
  readonly kind = 'audio' as const;
  /** @param mimeType - the block's `mimeType`, e.g. `audio/mpeg`. */
  constructor(mimeType = 'audio/wav') {
    super(mimeType);
  }
}

const IMAGE = new ImageContent();
const AUDIO = new AudioContent();

/** The process-wide PNG {@link ImageContent}. The tool must return binary data. */
export function imageContent(): ImageContent {
  return IMAGE;
}

/** The process-wide WAV {@link AudioContent}. The tool must return binary data. */
export function audioContent(): AudioContent {
  return AUDIO;
}
