import { CART_LINES_MAX, PO_NUMBER_MAX_LENGTH, PUNCHOUT_OPERATIONS, type PunchoutCredential, type PunchoutOperation } from '@bulkparts/shared';
import { attrOf, child, children, readXml, textOf, type XmlNode } from './xml-guard.js';

/**
 * cXML 1.2 documents in (issue 32): a `PunchOutSetupRequest` and an `OrderRequest`, read into plain
 * values. Every refusal is a `CxmlRefusal` with the cXML status it answers (400 for a document
 * this shop cannot read) and a message naming what is wrong; authentication and the company's
 * rules are the service's.
 */
export class CxmlRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'CxmlRefusal';
  }
}

const bad = (message: string) => new CxmlRefusal(400, message);

export const BUYER_COOKIE_MAX_LENGTH = 500;
export const RETURN_URL_MAX_LENGTH = 2000;

/** What every cXML document's `Header` says about who sent it. */
export interface CxmlHeader {
  payloadId: string | null;
  /** `From` credentials (the buyer; Ariba sends several: NetworkID, DUNS…). */
  from: PunchoutCredential[];
  /** `To` credentials (this shop as the buyer's system knows it). */
  to: PunchoutCredential[];
  /** `Sender` credentials, each with its `SharedSecret` (or null). */
  sender: (PunchoutCredential & { sharedSecret: string | null })[];
  userAgent: string | null;
}

function credentials(node: XmlNode | undefined): (PunchoutCredential & { sharedSecret: string | null })[] {
  return children(node, 'Credential').map((c) => {
    const secret = child(c, 'SharedSecret');
    return { domain: attrOf(c, 'domain') ?? '', identity: textOf(child(c, 'Identity')), sharedSecret: secret ? textOf(secret) : null };
  });
}

/** Reads the document and its header; `expected` is the request element (`PunchOutSetupRequest`, `OrderRequest`). */
export function readCxmlRequest(text: string, expected: string): { header: CxmlHeader; request: XmlNode } {
  const read = readXml(text);
  if (!read.ok) throw bad(read.message);
  if (read.rootName !== 'cXML') throw bad(`The document's root element must be cXML, not ${read.rootName}`);
  const header = child(read.root, 'Header');
  if (!header) throw bad('The cXML document has no Header');
  const request = child(read.root, 'Request', expected);
  if (!request) {
    const got = Object.keys(child(read.root, 'Request') ?? {}).find((k) => k !== '@' && k !== '#text');
    throw bad(got ? `This URL takes a ${expected}, not a ${got}` : `The cXML document has no Request/${expected}`);
  }
  const sender = child(header, 'Sender');
  return {
    header: {
      payloadId: attrOf(read.root, 'payloadID') ?? null,
      from: credentials(child(header, 'From')).map(({ domain, identity }) => ({ domain, identity })),
      to: credentials(child(header, 'To')).map(({ domain, identity }) => ({ domain, identity })),
      sender: credentials(sender),
      userAgent: textOf(child(sender, 'UserAgent')) || null,
    },
    request,
  };
}

/** A cart line the buyer's system sends back to be edited or inspected. */
export interface ReturnedItem {
  sku: string;
  quantity: string;
}

export interface SetupRequest {
  operation: PunchoutOperation;
  buyerCookie: string;
  returnUrl: string;
  userEmail: string | null;
  /** The earlier cart's lines (`edit`, `inspect`): `ItemOut` (or `ItemIn`) elements. */
  items: ReturnedItem[];
}

function extrinsic(node: XmlNode, name: string): string | null {
  const found = children(node, 'Extrinsic').find((e) => (attrOf(e, 'name') ?? '').toLowerCase() === name.toLowerCase());
  return found ? textOf(found) || null : null;
}

function itemLines(node: XmlNode): ReturnedItem[] {
  return [...children(node, 'ItemOut'), ...children(node, 'ItemIn')].map((item) => ({
    sku: textOf(child(item, 'ItemID', 'SupplierPartID')),
    quantity: attrOf(item, 'quantity') ?? '',
  }));
}

export function readSetupRequest(request: XmlNode): SetupRequest {
  const operation = (attrOf(request, 'operation') ?? 'create').toLowerCase();
  if (!(PUNCHOUT_OPERATIONS as readonly string[]).includes(operation)) {
    throw bad(`PunchOutSetupRequest operation must be one of ${PUNCHOUT_OPERATIONS.join(', ')}, not ${operation}`);
  }
  const buyerCookie = textOf(child(request, 'BuyerCookie'));
  if (!buyerCookie) throw bad('PunchOutSetupRequest has no BuyerCookie');
  if (buyerCookie.length > BUYER_COOKIE_MAX_LENGTH) throw bad(`BuyerCookie must be at most ${BUYER_COOKIE_MAX_LENGTH} characters`);
  const returnUrl = textOf(child(request, 'BrowserFormPost', 'URL'));
  if (!returnUrl) throw bad('PunchOutSetupRequest has no BrowserFormPost/URL (where the cart goes back)');
  if (returnUrl.length > RETURN_URL_MAX_LENGTH) throw bad(`BrowserFormPost/URL must be at most ${RETURN_URL_MAX_LENGTH} characters`);
  const items = itemLines(request);
  if (items.length > CART_LINES_MAX) throw bad(`At most ${CART_LINES_MAX} lines can be reopened`);
  return { operation: operation as PunchoutOperation, buyerCookie, returnUrl, userEmail: extrinsic(request, 'UserEmail'), items };
}

/** An address as cXML writes one (`ShipTo/Address`, `BillTo/Address`), before the shop's own rules. */
export interface CxmlAddress {
  addressId: string | null;
  name: string;
  deliverTo: string[];
  street: string[];
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string | null;
}

function address(node: XmlNode | undefined): CxmlAddress | null {
  const a = child(node, 'Address');
  if (!a) return null;
  const postal = child(a, 'PostalAddress');
  const country = child(postal, 'Country');
  const phone = child(a, 'Phone', 'TelephoneNumber');
  const phoneText = phone
    ? [textOf(child(phone, 'CountryCode')) && `+${textOf(child(phone, 'CountryCode'))}`, textOf(child(phone, 'AreaOrCityCode')), textOf(child(phone, 'Number'))]
        .filter(Boolean)
        .join(' ')
    : '';
  return {
    addressId: attrOf(a, 'addressID') ?? null,
    name: textOf(child(a, 'Name')),
    deliverTo: children(postal, 'DeliverTo').map(textOf).filter(Boolean),
    street: children(postal, 'Street').map(textOf).filter(Boolean),
    city: textOf(child(postal, 'City')),
    state: textOf(child(postal, 'State')),
    postalCode: textOf(child(postal, 'PostalCode')),
    country: textOf(country) || (attrOf(country, 'isoCountryCode') ?? ''),
    phone: phoneText || null,
  };
}

/** One `ItemOut` as sent: its texts, checked against the shop by the order flow. */
export interface OrderLineIn {
  lineNumber: string;
  quantity: string;
  sku: string;
  unitPrice: string;
  currency: string;
  description: string;
}

export interface OrderRequestIn {
  orderId: string;
  type: string;
  orderDate: string | null;
  shipTo: CxmlAddress | null;
  billTo: CxmlAddress | null;
  comments: string | null;
  lines: OrderLineIn[];
}

export function readOrderRequest(request: XmlNode): OrderRequestIn {
  const head = child(request, 'OrderRequestHeader');
  if (!head) throw bad('OrderRequest has no OrderRequestHeader');
  const orderId = (attrOf(head, 'orderID') ?? '').trim();
  if (!orderId) throw bad('OrderRequestHeader has no orderID');
  if (orderId.length > PO_NUMBER_MAX_LENGTH) throw bad(`orderID must be at most ${PO_NUMBER_MAX_LENGTH} characters (it becomes the order's PO number)`);
  const items = children(request, 'ItemOut');
  if (items.length === 0) throw bad('OrderRequest has no ItemOut lines');
  if (items.length > CART_LINES_MAX) throw bad(`An order holds at most ${CART_LINES_MAX} lines`);
  const lines = items.map((item, i) => {
    const money = child(item, 'ItemDetail', 'UnitPrice', 'Money');
    return {
      lineNumber: attrOf(item, 'lineNumber') ?? String(i + 1),
      quantity: attrOf(item, 'quantity') ?? '',
      sku: textOf(child(item, 'ItemID', 'SupplierPartID')),
      unitPrice: textOf(money),
      currency: attrOf(money, 'currency') ?? '',
      description: textOf(child(item, 'ItemDetail', 'Description')),
    };
  });
  return {
    orderId,
    type: (attrOf(head, 'type') ?? 'new').toLowerCase(),
    orderDate: attrOf(head, 'orderDate') ?? null,
    shipTo: address(child(head, 'ShipTo')),
    billTo: address(child(head, 'BillTo')),
    comments: textOf(child(head, 'Comments')) || null,
    lines,
  };
}
