// A procurement system on this machine (issue 32): it plays the buyer's side of punchout against
// the shop, for the browser journeys and for demos. Its page punches out over cXML (it sends the
// PunchOutSetupRequest itself and sends the browser to the StartPage) or over OCI (the browser
// posts USERNAME, PASSWORD and HOOK_URL to the shop, as SAP's page does); it receives the returned
// cart (cXML `cxml-urlencoded`, or OCI's NEW_ITEM fields), shows its lines, and sends a cXML
// OrderRequest for it. Nothing here is the shop's code: it reads the documents as any buyer's
// system would. Keep it small; it stores carts and orders in memory only.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** Escapes text for HTML and XML alike. */
const esc = (v) => String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const unesc = (v) =>
  String(v ?? '').replace(/&(lt|gt|amp|quot|apos|#39|#x27);/g, (_, e) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", '#39': "'", '#x27': "'" })[e]);

/** The first element `name`'s text (its own content), or ''. Enough for the shop's documents, which this reads. */
const tag = (xml, name) => unesc(new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml)?.[1]?.trim() ?? '');
const attr = (xml, name, attribute) => unesc(new RegExp(`<${name}\\s[^>]*\\b${attribute}="([^"]*)"`).exec(xml)?.[1] ?? '');
const each = (xml, name) => [...xml.matchAll(new RegExp(`<${name}(?:\\s[^>]*)?>[\\s\\S]*?</${name}>`, 'g'))].map((m) => m[0]);

async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 2 * 1024 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const page = (title, body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
table{border-collapse:collapse}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left}
button{font-size:1rem;padding:.4rem .8rem}.status{padding:.5rem;border:2px solid #333}</style></head>
<body><main>${body}</main></body></html>`;

/**
 * Starts the simulator. `shopUrl`: the shop (PUBLIC_URL); `from`, `sender`: the cXML credentials
 * the shop's punchout setup names for the company, `secret` its shared secret; `ociUsername`,
 * `ociPassword`: its OCI login. The company's allowed return origin must be this simulator's URL.
 */
export async function startPunchoutSim({
  shopUrl,
  port = 0,
  host = '127.0.0.1',
  name = 'Simulated Procurement',
  from = { domain: 'NetworkID', identity: 'AN-SIM-BUYER' },
  sender = { domain: 'NetworkID', identity: 'AN-SIM-HUB' },
  to = { domain: 'DUNS', identity: 'bulkparts' },
  secret = 'simulator-secret',
  ociUsername = 'sim-oci',
  ociPassword = 'simulator-password',
  userEmail = 'jane.requester@buyer.example',
} = {}) {
  const shop = shopUrl.replace(/\/$/, '');
  /** Returned carts and the orders sent for them, newest last. */
  const carts = [];
  let url = '';

  const header = () => `<Header>
    <From><Credential domain="${esc(from.domain)}"><Identity>${esc(from.identity)}</Identity></Credential></From>
    <To><Credential domain="${esc(to.domain)}"><Identity>${esc(to.identity)}</Identity></Credential></To>
    <Sender><Credential domain="${esc(sender.domain)}"><Identity>${esc(sender.identity)}</Identity><SharedSecret>${esc(secret)}</SharedSecret></Credential>
      <UserAgent>${esc(name)}</UserAgent></Sender>
  </Header>`;
  const cxml = (inner) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${Date.now()}.${randomBytes(4).toString('hex')}@punchout-sim" timestamp="${new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00')}" xml:lang="en-US">
  ${header()}
  <Request deploymentMode="test">${inner}</Request>
</cXML>`;

  async function post(path, xml) {
    const res = await fetch(`${shop}${path}`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body: xml });
    const text = await res.text();
    return { http: res.status, code: attr(text, 'Status', 'code'), text: attr(text, 'Status', 'text'), message: tag(text, 'Status'), body: text };
  }

  const home = () =>
    page(
      name,
      `<h1>${esc(name)}</h1>
<p>A procurement system standing in for SAP Ariba, Coupa or SAP SRM, connected to <a href="${esc(shop)}">${esc(shop)}</a>.</p>
<section aria-labelledby="cxml-title"><h2 id="cxml-title">cXML</h2>
<p>From ${esc(from.domain)}/${esc(from.identity)}, sender ${esc(sender.domain)}/${esc(sender.identity)}.</p>
<form method="post" action="/cxml/start"><button type="submit">Punch out with cXML</button></form></section>
<section aria-labelledby="oci-title"><h2 id="oci-title">OCI</h2>
<form method="post" action="${esc(shop)}/punchout/oci">
<input type="hidden" name="USERNAME" value="${esc(ociUsername)}"><input type="hidden" name="PASSWORD" value="${esc(ociPassword)}">
<input type="hidden" name="HOOK_URL" value="${esc(url)}/oci/receive"><input type="hidden" name="~OkCode" value="ADDI">
<input type="hidden" name="~TARGET" value="_top"><input type="hidden" name="~CALLER" value="CTLG">
<button type="submit">Punch out with OCI</button></form></section>
<section aria-labelledby="carts-title"><h2 id="carts-title">Carts received</h2>
${carts.length ? `<ul>${carts.map((c) => `<li><a href="/carts/${c.id}">Cart ${c.id}</a> (${esc(c.protocol)}, ${c.lines.length} lines)${c.order ? `: order ${esc(c.order.message)}` : ''}</li>`).join('')}</ul>` : '<p>None yet.</p>'}</section>`,
    );

  const cartPage = (c) =>
    page(
      `Cart ${c.id}`,
      `<h1>Cart received from the shop</h1>
<p>Protocol: ${esc(c.protocol.toUpperCase())}${c.buyerCookie ? `. BuyerCookie: <code>${esc(c.buyerCookie)}</code>` : ''}${c.operation ? `. Operation allowed: ${esc(c.operation)}` : ''}.</p>
<table aria-label="Returned lines"><thead><tr><th scope="col">Line</th><th scope="col">SKU</th><th scope="col">Description</th><th scope="col">Quantity</th><th scope="col">Unit</th><th scope="col">Unit price</th><th scope="col">Classification</th></tr></thead>
<tbody>${c.lines.map((l, i) => `<tr><td>${i + 1}</td><td>${esc(l.sku)}</td><td>${esc(l.description)}</td><td>${esc(l.quantity)}</td><td>${esc(l.unit)}</td><td>${esc(l.currency)} ${esc(l.price)}</td><td>${esc(l.classification)}</td></tr>`).join('')}</tbody></table>
${c.total ? `<p>Total: <strong>${esc(c.currency)} ${esc(c.total)}</strong></p>` : ''}
${
  c.order
    ? `<p class="status" role="status">Order sent as PO <strong>${esc(c.order.orderId)}</strong>: Status ${esc(c.order.code)} ${esc(c.order.text)}. ${esc(c.order.message)}</p>`
    : `<form method="post" action="/carts/${c.id}/order"><button type="submit">Send purchase order</button></form>`
}
<p><a href="/">Back to ${esc(name)}</a></p>`,
    );

  async function handle(req, res) {
    const path = new URL(req.url, 'http://sim').pathname;
    const send = (status, html, headers = {}) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
      res.end(html);
    };
    if (req.method === 'GET' && path === '/') return send(200, home());
    if (req.method === 'POST' && path === '/cxml/start') {
      const buyerCookie = randomBytes(12).toString('hex');
      const setup = await post(
        '/punchout/cxml/setup',
        cxml(`<PunchOutSetupRequest operation="create">
      <BuyerCookie>${buyerCookie}</BuyerCookie>
      <Extrinsic name="UserEmail">${esc(userEmail)}</Extrinsic>
      <BrowserFormPost><URL>${esc(url)}/cxml/receive</URL></BrowserFormPost>
    </PunchOutSetupRequest>`),
      );
      const start = tag(setup.body, 'URL');
      if (setup.code !== '200' || !start) {
        return send(
          502,
          page(
            'Punchout refused',
            `<h1>The shop refused the punchout</h1><p class="status" role="status">Status ${esc(setup.code)} ${esc(setup.text)}: ${esc(setup.message)}</p><p><a href="/">Back</a></p>`,
          ),
        );
      }
      return send(303, '', { location: start });
    }
    if (req.method === 'POST' && (path === '/cxml/receive' || path === '/oci/receive')) {
      const form = new URLSearchParams(await readBody(req));
      const id = String(carts.length + 1);
      let cart;
      if (path === '/cxml/receive') {
        const doc = form.get('cxml-urlencoded') ?? form.get('cXML-urlencoded') ?? '';
        cart = {
          id,
          protocol: 'cxml',
          buyerCookie: tag(doc, 'BuyerCookie'),
          operation: attr(doc, 'PunchOutOrderMessageHeader', 'operationAllowed'),
          total: tag(tag(doc, 'Total'), 'Money'),
          currency: attr(doc, 'Money', 'currency'),
          lines: each(doc, 'ItemIn').map((item) => ({
            sku: tag(item, 'SupplierPartID'),
            description: tag(item, 'Description'),
            quantity: attr(item, 'ItemIn', 'quantity'),
            unit: tag(item, 'UnitOfMeasure'),
            price: tag(tag(item, 'UnitPrice'), 'Money'),
            currency: attr(item, 'Money', 'currency'),
            classification: `${attr(item, 'Classification', 'domain')} ${tag(item, 'Classification')}`,
          })),
        };
      } else {
        const lines = [];
        for (let n = 1; form.has(`NEW_ITEM-DESCRIPTION[${n}]`); n++) {
          const f = (k) => form.get(`NEW_ITEM-${k}[${n}]`) ?? '';
          lines.push({
            sku: f('VENDORMAT'),
            description: f('DESCRIPTION'),
            quantity: f('QUANTITY'),
            unit: f('UNIT'),
            price: f('PRICE'),
            currency: f('CURRENCY'),
            classification: f('MATGROUP') && `MATGROUP ${f('MATGROUP')}`,
          });
        }
        cart = { id, protocol: 'oci', lines };
      }
      carts.push(cart);
      return send(303, '', { location: `/carts/${id}` });
    }
    const cartMatch = /^\/carts\/(\d+)(\/order)?$/.exec(path);
    const cart = cartMatch && carts[Number(cartMatch[1]) - 1];
    if (cart && req.method === 'GET' && !cartMatch[2]) return send(200, cartPage(cart));
    if (cart && req.method === 'POST' && cartMatch[2]) {
      if (!cart.order) {
        const orderId = `PO-SIM-${Date.now().toString(36).toUpperCase()}-${cart.id}`;
        const items = cart.lines
          .map(
            (l, i) => `<ItemOut quantity="${esc(l.quantity)}" lineNumber="${i + 1}"><ItemID><SupplierPartID>${esc(l.sku)}</SupplierPartID></ItemID>
        <ItemDetail><UnitPrice><Money currency="${esc(l.currency || 'USD')}">${esc(l.price)}</Money></UnitPrice><Description xml:lang="en">${esc(l.description)}</Description><UnitOfMeasure>${esc(l.unit || 'EA')}</UnitOfMeasure></ItemDetail></ItemOut>`,
          )
          .join('\n');
        const answer = await post(
          '/punchout/cxml/order',
          cxml(`<OrderRequest><OrderRequestHeader orderID="${esc(orderId)}" orderDate="${new Date().toISOString()}" type="new">
        <Total><Money currency="USD">${esc(cart.total || '0.00')}</Money></Total>
        <ShipTo><Address addressID="PLANT-7"><Name xml:lang="en">Buyer Plant 7</Name><PostalAddress><DeliverTo>Receiving, Dock 7</DeliverTo>
          <Street>1 Mill Road</Street><City>Leeds</City><PostalCode>LS1 4AB</PostalCode><Country isoCountryCode="GB">United Kingdom</Country></PostalAddress></Address></ShipTo>
        <BillTo><Address addressID="HQ"><Name xml:lang="en">Buyer HQ</Name><PostalAddress><Street>2 Park Row</Street><City>Leeds</City><PostalCode>LS1 5AA</PostalCode><Country isoCountryCode="GB">United Kingdom</Country></PostalAddress></Address></BillTo>
      </OrderRequestHeader>
      ${items}</OrderRequest>`),
        );
        cart.order = { orderId, code: answer.code, text: answer.text, message: answer.message };
      }
      return send(303, '', { location: `/carts/${cart.id}` });
    }
    return send(404, page('Not found', '<h1>Not found</h1><p><a href="/">Back</a></p>'));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`simulator error: ${err instanceof Error ? err.message : String(err)}`);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  url = `http://${host}:${server.address().port}`;
  return {
    url,
    carts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
