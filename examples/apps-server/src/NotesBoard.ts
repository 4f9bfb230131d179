/**
 * NotesBoard: the notes the app shows — a bounded list kept in memory (the oldest note goes when
 * the board is full), each note a short text with an id.
 */

/** One note on the board. */
export interface Note {
  readonly id: number;
  readonly text: string;
}

/** The most notes a board keeps. */
export const MAX_NOTES = 50;
/** The longest note, in characters. */
export const MAX_NOTE_LENGTH = 200;

/** A bounded list of notes. */
export class NotesBoard {
  private readonly _notes: Note[] = [];
  private nextId = 1;

  /** @param initial - the notes the board starts with. */
  constructor(initial: readonly string[] = []) {
    for (const text of initial) this.add(text);
  }

  /** The notes, oldest first. */
  get notes(): readonly Note[] {
    return this._notes;
  }

  /**
   * Pins a note (trimmed) and returns it; the oldest note goes when the board holds {@link MAX_NOTES}.
   * @throws RangeError for an empty note or one longer than {@link MAX_NOTE_LENGTH}.
   */
  add(text: string): Note {
    const trimmed = text.trim();
    if (!trimmed) throw new RangeError('a note needs some text');
    if (trimmed.length > MAX_NOTE_LENGTH) throw new RangeError(`a note holds at most ${MAX_NOTE_LENGTH} characters, got ${trimmed.length}`);
    const note = { id: this.nextId++, text: trimmed };
    this._notes.push(note);
    if (this._notes.length > MAX_NOTES) this._notes.shift();
    return note;
  }

  /** The board as text, one note a line (what hosts without MCP Apps show). */
  toText(): string {
    return this._notes.length ? this._notes.map((note) => `#${note.id} ${note.text}`).join('\n') : 'The board is empty.';
  }
}
