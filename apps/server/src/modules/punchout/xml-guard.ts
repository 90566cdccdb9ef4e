import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Reading an XML document from outside (issue 32, ADR 0031): a cXML document comes from a buyer's
 * procurement system, or from anyone who can reach the URL. Refused before any parsing:
 *
 * - any `<!ENTITY` (internal or external entities: XXE, billion laughs);
 * - any `<!DOCTYPE` other than cXML's own one line, `<!DOCTYPE cXML SYSTEM
 *   "http://xml.cxml.org/schemas/cXML/<version>/<name>.dtd">`, which every cXML document carries:
 *   it is blanked out, never fetched, and no DTD of the sender's own (an internal subset in `[…]`,
 *   another URL, a second DOCTYPE) gets through.
 *
 * Then fast-xml-parser checks the document is well formed and reads it with entity processing
 * off (`processEntities: false`, no HTML entities): only the five predefined entities and
 * character references are decoded, here, one character each. Nothing is ever expanded, fetched
 * or read from disk. The 1 MiB body limit is the route's (Fastify refuses a larger body unread).
 */

/** An element: its attributes under `@`, text under `#text`, CDATA under `#cdata`, each child element as a list. */
export type XmlNode = { readonly [name: string]: unknown };

export type XmlRead = { ok: true; root: XmlNode; rootName: string } | { ok: false; message: string };

/** cXML's DOCTYPE line, exactly (the version and DTD file vary; nothing may follow the system id but `>`). */
const CXML_DOCTYPE = /<!DOCTYPE\s+cXML\s+SYSTEM\s+"https?:\/\/xml\.cxml\.org\/schemas\/cXML\/\d+(?:\.\d+){1,3}\/[A-Za-z]+\.dtd"\s*>/;
const ANY_DOCTYPE = /<!DOCTYPE/gi;
const ENTITY_DECLARATION = /<!ENTITY/i;

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  alwaysCreateTextNode: true,
  textNodeName: '#text',
  cdataPropName: '#cdata',
  commentPropName: false,
  maxNestedTags: 64,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

/** Why the text may not be parsed at all, or null. Exported for the attack tests (nothing here touches the parser). */
export function refusedBeforeParsing(text: string): string | null {
  if (ENTITY_DECLARATION.test(text)) return 'Entity declarations (<!ENTITY) are not accepted';
  const doctypes = text.match(ANY_DOCTYPE)?.length ?? 0;
  if (doctypes > 1) return 'Only one DOCTYPE line is accepted';
  if (doctypes === 1 && !CXML_DOCTYPE.test(text)) {
    return 'Only the standard cXML DOCTYPE line is accepted (<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/…/cXML.dtd">): no DTD of your own';
  }
  return null;
}

/**
 * Parses one document through the guard above. `parse` is fast-xml-parser (a test passes its own
 * to prove a refused document never reaches it).
 */
export function readXml(text: string, parse: (text: string) => unknown = (t) => parser.parse(t)): XmlRead {
  const refused = refusedBeforeParsing(text);
  if (refused) return { ok: false, message: refused };
  // The cXML DOCTYPE line is blanked (same length, so the parser's line numbers stay right).
  const body = text.replace(CXML_DOCTYPE, (line) => ' '.repeat(line.length));
  const valid = XMLValidator.validate(body, { allowBooleanAttributes: false });
  if (valid !== true) return { ok: false, message: `The document is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})` };
  let parsed: unknown;
  try {
    parsed = parse(body);
  } catch (error) {
    return { ok: false, message: `The document could not be read: ${error instanceof Error ? error.message : 'unknown error'}` };
  }
  const top = Object.entries(parsed as Record<string, unknown>).filter(([, v]) => Array.isArray(v));
  if (top.length !== 1 || (top[0]![1] as unknown[]).length !== 1) return { ok: false, message: 'The document must have exactly one root element' };
  return { ok: true, rootName: top[0]![0], root: (top[0]![1] as XmlNode[])[0]! };
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the five predefined entities and character references; anything else stays as written (never expanded). */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,4});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    // Only characters XML allows (no NUL, no lone surrogates).
    const allowed = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0x10ffff);
    return allowed && code !== 0xfffe && code !== 0xffff ? String.fromCodePoint(code) : whole;
  });
}

/** The children named `name` (in document order). */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const list = node?.[name];
  return Array.isArray(list) ? (list as XmlNode[]) : [];
}

/** The first element down a path of names (`child(n, 'Header', 'From')`). */
export function child(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node;
  for (const name of path) current = children(current, name)[0];
  return current;
}

/** An element's text: its decoded text and its CDATA sections as written, trimmed; '' for none. */
export function textOf(node: XmlNode | undefined): string {
  if (!node) return '';
  const text = node['#text'];
  const cdata = node['#cdata'];
  const parts = [typeof text === 'string' ? decodeXmlText(text) : ''];
  if (Array.isArray(cdata)) for (const c of cdata as XmlNode[]) parts.push(typeof c['#text'] === 'string' ? c['#text'] : '');
  return parts.join('').trim();
}

/** An attribute's decoded value, or undefined. */
export function attrOf(node: XmlNode | undefined, name: string): string | undefined {
  const attrs = node?.['@'] as Record<string, unknown> | undefined;
  const value = attrs?.[name];
  return typeof value === 'string' ? decodeXmlText(value) : undefined;
}
