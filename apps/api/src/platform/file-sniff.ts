import { sniffImage } from './storage';

/**
 * Uploaded documents are recognised by their content, never by the declared type: a file is one
 * of these kinds or it is refused. Names matter only where content alone cannot tell (legacy
 * office files share one container format; plain text has no signature).
 */
export type DocumentKind = 'pdf' | 'png' | 'jpg' | 'gif' | 'webp' | 'docx' | 'xlsx' | 'pptx' | 'doc' | 'xls' | 'odt' | 'ods' | 'csv' | 'txt';

export type SniffedDocument = { kind: DocumentKind; mime: string };

const MIME: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  csv: 'text/csv',
  txt: 'text/plain',
};

/** Every media type an uploaded document can be served back as. */
export const DOCUMENT_MIME_TYPES = Object.values(MIME);

const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;
const ZIP_END_OF_DIRECTORY = 0x06054b50;
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const OPEN_DOCUMENT_KINDS: Record<string, DocumentKind> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
};
const OOXML_PARTS: [prefix: string, kind: DocumentKind][] = [
  ['word/', 'docx'],
  ['xl/', 'xlsx'],
  ['ppt/', 'pptx'],
];

const kindOf = (kind: DocumentKind): SniffedDocument => ({ kind, mime: MIME[kind] });

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The entry names of a zip archive's central directory, or null when it is not a readable zip. */
function zipEntryNames(content: Buffer): string[] | null {
  const recordSize = 22;
  if (content.length < recordSize) return null;
  // The end record sits in the last 22 bytes plus an archive comment of at most 64 KB.
  const earliest = Math.max(0, content.length - recordSize - 0xffff);
  for (let at = content.length - recordSize; at >= earliest; at--) {
    if (content.readUInt32LE(at) !== ZIP_END_OF_DIRECTORY) continue;
    const count = content.readUInt16LE(at + 10);
    let entry = content.readUInt32LE(at + 16);
    const names: string[] = [];
    for (let index = 0; index < count; index++) {
      if (entry + 46 > at || content.readUInt32LE(entry) !== ZIP_CENTRAL_HEADER) return null;
      const nameLength = content.readUInt16LE(entry + 28);
      const extraLength = content.readUInt16LE(entry + 30);
      const commentLength = content.readUInt16LE(entry + 32);
      names.push(content.toString('utf8', entry + 46, entry + 46 + nameLength));
      entry += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return null;
}

/** OpenDocument files start with an uncompressed `mimetype` entry naming their type. */
function openDocumentKind(content: Buffer): DocumentKind | null {
  if (content.length < 30) return null;
  const nameLength = content.readUInt16LE(26);
  const extraLength = content.readUInt16LE(28);
  const stored = content.readUInt16LE(8) === 0;
  if (!stored || content.toString('latin1', 30, 30 + nameLength) !== 'mimetype') return null;
  const start = 30 + nameLength + extraLength;
  const declared = content.toString('latin1', start, start + content.readUInt32LE(18));
  return OPEN_DOCUMENT_KINDS[declared] ?? null;
}

function zipKind(content: Buffer): DocumentKind | null {
  const names = zipEntryNames(content);
  if (!names) return null;
  // Macro-enabled office files (docm, xlsm) carry their code in this part.
  if (names.some((name) => name.toLowerCase().endsWith('vbaproject.bin'))) return null;
  if (names.includes('[Content_Types].xml')) {
    return OOXML_PARTS.find(([prefix]) => names.some((name) => name.startsWith(prefix)))?.[1] ?? null;
  }
  return openDocumentKind(content);
}

/** Legacy office files share the OLE container: only a .doc or .xls name says which one it is. */
function oleKind(fileName: string): DocumentKind | null {
  const extension = extensionOf(fileName);
  return extension === 'doc' || extension === 'xls' ? extension : null;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** CSV and plain text: valid UTF-8 without NUL bytes, named .csv or .txt, and not markup or a script. */
function textKind(content: Buffer, fileName: string): DocumentKind | null {
  const extension = extensionOf(fileName);
  if (extension !== 'csv' && extension !== 'txt') return null;
  if (content.includes(0)) return null;
  let text: string;
  try {
    text = strictUtf8.decode(content);
  } catch {
    return null;
  }
  const opening = text.replace(/^\uFEFF/, '').trimStart();
  if (opening.startsWith('<') || opening.startsWith('#!')) return null;
  return extension;
}

export function sniffDocument(content: Buffer, fileName: string): SniffedDocument | null {
  if (content.length === 0) return null;
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return kindOf('pdf');
  const image = sniffImage(content);
  if (image) return kindOf(image.ext);
  if (content.length >= 12 && content.toString('latin1', 0, 4) === 'RIFF' && content.toString('latin1', 8, 12) === 'WEBP') return kindOf('webp');
  if (content.length >= 4 && content.readUInt32LE(0) === ZIP_LOCAL_HEADER) {
    const kind = zipKind(content);
    return kind ? kindOf(kind) : null;
  }
  if (content.subarray(0, 8).equals(OLE_SIGNATURE)) {
    const kind = oleKind(fileName);
    return kind ? kindOf(kind) : null;
  }
  const text = textKind(content, fileName);
  return text ? kindOf(text) : null;
}
