import type {
  Column,
  Content,
  ContentColumns,
  ContentOrderedList,
  ContentStack,
  ContentTable,
  ContentText,
  ContentUnorderedList,
  DynamicContent,
  OrderedListElement,
  TableCell,
  TDocumentDefinitions,
  UnorderedListElement,
} from 'pdfmake/interfaces';
import { BIDI_LEVEL_KEY, BIDI_PARAGRAPH_LEVEL_KEY } from './bidi-lines';
import { isPdfFontFamily, loadFamily, PDF_FONT, type PdfFontFamily } from './pdf-fonts';
import { hanFamilyOf, scriptRuns, type TextRun } from './text-runs';

/**
 * Sets every text of a document definition in fonts that have its glyphs, with the bidi levels
 * that order its laid-out lines (text-runs.ts, bidi-lines.ts). Applied once to the whole definition by the engine, so no template can emit a
 * text that skips it, whatever blocks it builds.
 */

function inlineOf(run: TextRun, base: PdfFontFamily): ContentText {
  const inline: ContentText = { text: run.text, ...(run.font === base ? {} : { font: run.font }), ...(run.unbreakable ? { noWrap: true } : {}) };
  // pdfmake carries keys it does not know to every piece it cuts from this one, up to the laid-out line.
  return run.bidi ? Object.assign(inline, { [BIDI_LEVEL_KEY]: run.bidi.level, [BIDI_PARAGRAPH_LEVEL_KEY]: run.bidi.paragraphLevel }) : inline;
}

// pdfmake's element types forbid each other's keys (`text?: never` on a stack...), which defeats
// `in` narrowing; these checks narrow by the key that is present.
function isText<T extends object>(node: T): node is T & ContentText {
  return 'text' in node && node.text !== undefined;
}
function isStack<T extends object>(node: T): node is T & ContentStack {
  return 'stack' in node && Array.isArray(node.stack);
}
function isColumns<T extends object>(node: T): node is T & ContentColumns {
  return 'columns' in node && Array.isArray(node.columns);
}
function isTable<T extends object>(node: T): node is T & ContentTable {
  return 'table' in node && typeof node.table === 'object' && node.table !== null;
}
function isUnorderedList<T extends object>(node: T): node is T & ContentUnorderedList {
  return 'ul' in node && Array.isArray(node.ul);
}
function isOrderedList<T extends object>(node: T): node is T & ContentOrderedList {
  return 'ol' in node && Array.isArray(node.ol);
}

/** The content transform that splits every text with `runsOf`. */
function scriptRunsWith(runsOf: (text: string) => TextRun[] | null, base: PdfFontFamily): (content: Content) => Content {
  const inline = (run: TextRun) => inlineOf(run, base);
  /** One inline text item as one or more items; a styled item passes its style to each piece. */
  function inlineItems(item: Content): Content[] {
    if (typeof item === 'string') {
      const runs = runsOf(item);
      return runs ? runs.map(inline) : [item];
    }
    if (typeof item === 'object' && !Array.isArray(item) && 'text' in item && typeof item.text === 'string') {
      const runs = runsOf(item.text);
      // pdfmake does not pass a nested item's style on to its own items, so the pieces stay flat.
      return runs ? runs.map((run) => ({ ...item, ...inline(run) })) : [item];
    }
    return [item];
  }

  function inlineText(text: Content): Content {
    if (typeof text === 'string') {
      const runs = runsOf(text);
      return runs ? runs.map(inline) : text;
    }
    if (Array.isArray(text)) return text.flatMap(inlineItems);
    return withScriptRuns(text);
  }

  /** A bare string stays as it is unless it needs runs. */
  function plainWithRuns(text: string): string | ContentText {
    const runs = runsOf(text);
    return runs ? { text: runs.map(inline) } : text;
  }

  /** A content element with its texts and those of its children split into script runs. */
  function elementWithRuns<T extends object>(node: T): T {
    if (isText(node)) return { ...node, text: inlineText(node.text) };
    if (isStack(node)) return { ...node, stack: node.stack.map(withScriptRuns) };
    if (isColumns(node)) return { ...node, columns: node.columns.map(columnWithRuns) };
    if (isTable(node)) return { ...node, table: { ...node.table, body: node.table.body.map((row) => row.map(cellWithRuns)) } };
    if (isUnorderedList(node)) return { ...node, ul: node.ul.map(listItemWithRuns) };
    if (isOrderedList(node)) return { ...node, ol: node.ol.map(listItemWithRuns) };
    return node;
  }

  function cellWithRuns(cell: TableCell): TableCell {
    if (typeof cell === 'string') return plainWithRuns(cell);
    if (typeof cell === 'object' && !Array.isArray(cell)) return elementWithRuns(cell);
    return cell;
  }

  function columnWithRuns(column: Column): Column {
    if (typeof column === 'string') return plainWithRuns(column);
    if (typeof column === 'object' && !Array.isArray(column)) return elementWithRuns(column);
    return column;
  }

  function listItemWithRuns<T extends UnorderedListElement | OrderedListElement>(item: T): T | string | ContentText {
    if (typeof item === 'string') return plainWithRuns(item);
    if (typeof item === 'object' && !Array.isArray(item)) return elementWithRuns(item);
    return item;
  }

  /** The content with each of its texts split into script runs; images, canvases and the like unchanged. */
  function withScriptRuns(content: Content): Content {
    if (typeof content === 'string') return plainWithRuns(content);
    if (typeof content !== 'object') return content;
    if (Array.isArray(content)) return content.map(withScriptRuns);
    return elementWithRuns(content);
  }

  return withScriptRuns;
}

function dynamicWithScriptRuns(part: DynamicContent | Content | undefined, withScriptRuns: (content: Content) => Content): DynamicContent | Content | undefined {
  if (part === undefined) return undefined;
  if (typeof part === 'function') {
    return (currentPage, pageCount, pageSize) => {
      const content = part(currentPage, pageCount, pageSize);
      return content === null || content === undefined ? content : withScriptRuns(content);
    };
  }
  return withScriptRuns(part);
}

/** The family a text needs no other for: the definition's default font when it is one of ours. */
function baseFamilyOf(definition: TDocumentDefinitions): PdfFontFamily {
  const chosen = definition.defaultStyle?.font;
  const family = isPdfFontFamily(chosen) ? chosen : PDF_FONT;
  loadFamily(family);
  return family;
}

/** The definition with the texts of its content, header and footer split into script runs. */
export function definitionWithScriptRuns(definition: TDocumentDefinitions): TDocumentDefinitions {
  // Every text of the content, serialised, tells whether the document is Japanese or Korean;
  // asked only when a text holds Han.
  let documentHanFamily: PdfFontFamily | null = null;
  const hanFamily = () => (documentHanFamily ??= hanFamilyOf(JSON.stringify(definition.content)));
  const base = baseFamilyOf(definition);
  const withScriptRuns = scriptRunsWith((text) => scriptRuns(text, hanFamily, base), base);
  return {
    ...definition,
    content: withScriptRuns(definition.content),
    header: dynamicWithScriptRuns(definition.header, withScriptRuns),
    footer: dynamicWithScriptRuns(definition.footer, withScriptRuns),
  };
}
