import { createRequire } from 'node:module';

/**
 * Puts the pieces of each laid-out line in visual order (rules L1 and L2 of the Unicode
 * Bidirectional Algorithm). Reordering has to follow line breaking: a right-to-left paragraph
 * that wraps reads from its first line down, each line right to left. pdfmake breaks lines on
 * the pieces in logical order and has no bidi support, so this hooks the one step every laid-out
 * text line goes through before it is drawn (ElementWriter.alignLine) and reorders the line's
 * pieces there, by the levels text-runs.ts stored on them.
 */

/** Keys text-runs.ts sets on a piece of text; pdfmake copies unknown keys to every piece it cuts from it. */
export const BIDI_LEVEL_KEY = 'ledgerlineBidiLevel';
export const BIDI_PARAGRAPH_LEVEL_KEY = 'ledgerlineBidiParagraphLevel';

/**
 * The visual order (indices into `levels`) of a line's pieces: from the highest level down to the
 * lowest odd one, every maximal sequence at that level or above is reversed (UAX #9, L2).
 */
export function visualOrder(levels: readonly number[]): number[] {
  const order = levels.map((_, index) => index);
  const highest = Math.max(0, ...levels);
  const oddLevels = levels.filter((level) => level % 2 === 1);
  const lowestOdd = oddLevels.length > 0 ? Math.min(...oddLevels) : 1;
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let start = 0;
    while (start < order.length) {
      if ((levels[order[start] ?? 0] ?? 0) < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end + 1 < order.length && (levels[order[end + 1] ?? 0] ?? 0) >= level) end += 1;
      order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
      start = end + 1;
    }
  }
  return order;
}

type Piece = { text: string; width: number; level: number | null; paragraphLevel: number | null; leadingCut: number; trailingCut: number; node: object };

function numberAt(node: object, key: string): number | null {
  const value: unknown = Reflect.get(node, key);
  return typeof value === 'number' ? value : null;
}

function pieceOf(node: unknown): Piece | null {
  if (typeof node !== 'object' || node === null) return null;
  const text: unknown = Reflect.get(node, 'text');
  const width = numberAt(node, 'width');
  if (typeof text !== 'string' || width === null) return null;
  return {
    text,
    width,
    level: numberAt(node, BIDI_LEVEL_KEY),
    paragraphLevel: numberAt(node, BIDI_PARAGRAPH_LEVEL_KEY),
    leadingCut: numberAt(node, 'leadingCut') ?? 0,
    trailingCut: numberAt(node, 'trailingCut') ?? 0,
    node,
  };
}

/** Reorders the pieces of one pdfmake line in place and moves them to their new x positions. */
function reorderLine(line: object): void {
  const nodes: unknown = Reflect.get(line, 'inlines');
  if (!Array.isArray(nodes)) return;
  // Most lines hold no right-to-left text: leave them as laid out.
  if (!nodes.some((node) => typeof node === 'object' && node !== null && (numberAt(node, BIDI_LEVEL_KEY) ?? 0) % 2 === 1)) return;
  const pieces = nodes.map(pieceOf);
  if (!pieces.every((piece): piece is Piece => piece !== null)) return;
  const paragraphLevel = pieces.find((piece) => piece.paragraphLevel !== null)?.paragraphLevel ?? 0;
  const levels = pieces.map((piece) => piece.level ?? paragraphLevel);
  // L1: whitespace at the end of the line takes the paragraph's level.
  for (let index = pieces.length - 1; index >= 0 && /^\s*$/u.test(pieces[index]?.text ?? ''); index -= 1) levels[index] = paragraphLevel;
  const visual = visualOrder(levels).flatMap((index) => pieces[index] ?? []);
  const leadingCut = visual[0]?.leadingCut ?? 0;
  let x = 0;
  for (const piece of visual) {
    Reflect.set(piece.node, 'x', x - leadingCut);
    x += piece.width;
  }
  Reflect.set(line, 'inlines', visual.map((piece) => piece.node));
  Reflect.set(line, 'leadingCut', leadingCut);
  Reflect.set(line, 'trailingCut', visual.at(-1)?.trailingCut ?? 0);
}

let installed = false;

/** Installs the reordering into pdfmake (once per process). */
export function installBidiLineOrder(): void {
  if (installed) return;
  const elementWriterModule: unknown = createRequire(import.meta.url)('pdfmake/js/ElementWriter');
  const elementWriter: unknown = typeof elementWriterModule === 'object' && elementWriterModule !== null ? Reflect.get(elementWriterModule, 'default') : null;
  const prototype: unknown = typeof elementWriter === 'function' ? Reflect.get(elementWriter, 'prototype') : null;
  const alignLine: unknown = typeof prototype === 'object' && prototype !== null ? Reflect.get(prototype, 'alignLine') : null;
  if (typeof prototype !== 'object' || prototype === null || typeof alignLine !== 'function') {
    throw new Error('pdfmake has no ElementWriter.alignLine to put right-to-left lines in visual order');
  }
  // A line is aligned once when it is placed; the set keeps a line from being reordered twice.
  const reordered = new WeakSet<object>();
  Reflect.set(prototype, 'alignLine', function alignLineInVisualOrder(this: unknown, line: unknown): unknown {
    if (typeof line === 'object' && line !== null && !reordered.has(line)) {
      reordered.add(line);
      reorderLine(line);
    }
    return Reflect.apply(alignLine, this, [line]);
  });
  installed = true;
}
