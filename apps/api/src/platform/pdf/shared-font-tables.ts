import { createRequire } from 'node:module';

/**
 * pdfmake opens every font a document uses as a new fontkit Font (through pdfkit), and a Font
 * decodes each table (cmap, GSUB, GPOS, hmtx, CFF…) the first time it reads it: most of a
 * render's time went into decoding the same tables of the same files again. Here every Font made
 * from the same file bytes reads one set of decoded tables, as fontkit's own `getVariation` shares
 * them between a font and its variations. Tables are decoded from the file alone, so sharing them
 * changes no output.
 *
 * What stays per Font, so per document, is its glyph cache: fontkit keeps each glyph with the
 * code points of its first use and pdfkit writes those into the PDF's ToUnicode map, so sharing
 * whole Fonts would let one tenant's document decide how another's text is extracted.
 */

type DecodedTables = Record<string, unknown>;
type FontInternals = { stream: { buffer: Uint8Array }; _tables: DecodedTables };

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function hasInternals(font: unknown): font is FontInternals {
  if (!isObject(font)) return false;
  const stream: unknown = Reflect.get(font, 'stream');
  return isObject(stream) && Reflect.get(stream, 'buffer') instanceof Uint8Array && isObject(Reflect.get(font, '_tables'));
}

/** The fontkit module pdfkit uses (its CommonJS build, not the ES module this code would import). */
function pdfkitFontkit(): { create: (bytes: Uint8Array) => unknown } {
  const fromPdfmake = createRequire(createRequire(import.meta.url).resolve('pdfmake'));
  const fontkit: unknown = createRequire(fromPdfmake.resolve('pdfkit'))('fontkit');
  const create: unknown = isObject(fontkit) ? Reflect.get(fontkit, 'create') : undefined;
  if (typeof create !== 'function') throw new Error("pdfkit's fontkit has no create()");
  return { create: (bytes) => Reflect.apply(create, fontkit, [bytes]) };
}

/**
 * Makes every Font pdfkit opens from the same bytes share its decoded tables. `sample` is any
 * font file: it reaches fontkit's Font class, whose table reader is wrapped once per process.
 */
export function shareDecodedFontTables(sample: Uint8Array): void {
  const font = pdfkitFontkit().create(sample);
  const fontClass: unknown = Object.getPrototypeOf(font);
  if (!isObject(fontClass) || !hasInternals(font)) throw new Error('fontkit Font internals changed: review shared-font-tables.ts');
  const readTable: unknown = Reflect.get(fontClass, '_getTable');
  if (typeof readTable !== 'function') throw new Error('fontkit Font has no _getTable: review shared-font-tables.ts');
  const tablesOfFile = new WeakMap<Uint8Array, DecodedTables>();
  // A Font binds its table getters to _getTable when it is made, so Fonts made from now on use this.
  Reflect.set(fontClass, '_getTable', function sharedTable(this: unknown, table: unknown): unknown {
    if (hasInternals(this)) {
      const shared = tablesOfFile.get(this.stream.buffer);
      if (shared === undefined) tablesOfFile.set(this.stream.buffer, this._tables);
      else if (shared !== this._tables) this._tables = shared;
    }
    return Reflect.apply(readTable, this, [table]);
  });
}
