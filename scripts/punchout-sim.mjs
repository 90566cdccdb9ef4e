#!/usr/bin/env node
// The procurement simulator (issue 32): `npm run punchout:sim -- --shop http://localhost:5000`.
// It plays a buyer's procurement system against the shop, over cXML and OCI (scripts/punchout-sim/sim.mjs).
// Set the company's punchout up at /dashboard/companies/<id>/punchout with the values it prints.
import { parseArgs } from 'node:util';
import { startPunchoutSim } from './punchout-sim/sim.mjs';

const { values: args } = parseArgs({
  options: {
    shop: { type: 'string', default: 'http://localhost:5000' },
    port: { type: 'string', default: '5600' },
    host: { type: 'string', default: '127.0.0.1' },
    name: { type: 'string', default: 'Simulated Procurement' },
    from: { type: 'string', default: 'NetworkID:AN-SIM-BUYER' },
    sender: { type: 'string', default: 'NetworkID:AN-SIM-HUB' },
    secret: { type: 'string', default: 'simulator-secret' },
    'oci-user': { type: 'string', default: 'sim-oci' },
    'oci-password': { type: 'string', default: 'simulator-password' },
  },
});

/** 'NetworkID:AN-1' → { domain, identity }. */
const credential = (text) => {
  const at = text.indexOf(':');
  if (at < 1) throw new Error(`a credential is domain:identity, not ${text}`);
  return { domain: text.slice(0, at), identity: text.slice(at + 1) };
};

const sim = await startPunchoutSim({
  shopUrl: args.shop,
  port: Number(args.port),
  host: args.host,
  name: args.name,
  from: credential(args.from),
  sender: credential(args.sender),
  secret: args.secret,
  ociUsername: args['oci-user'],
  ociPassword: args['oci-password'],
});
console.log(`Procurement simulator on ${sim.url} (shop: ${args.shop})`);
console.log('Set the company up for punchout (a shop admin, /dashboard/companies/<id>/punchout) with:');
console.log(`  From identity    ${args.from}`);
console.log(`  Sender identity  ${args.sender}`);
console.log(`  Shared secret    ${args.secret}`);
console.log(`  OCI user name    ${args['oci-user']}   password ${args['oci-password']}`);
console.log(`  Return origin    ${sim.url}`);
const stop = () => void sim.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
