import { SHIPPING_KINDS, type ShippingKind, type ShippingMethodAnswer, type ShippingMethodInput } from '@bulkparts/shared';

/** One method as the admin's form edits it: text a person types (bands as '2:6.95, 10:12.95'). */
export interface ShippingMethodValues {
  code: string;
  name: string;
  kind: ShippingKind;
  /** '*' or 'GB, DE'. */
  countries: string;
  /** 'upToKg:price' pairs, comma separated. */
  rates: string;
  freeOver: string;
  transitMin: string;
  transitMax: string;
  pickupAddress: string;
}

export const EMPTY_METHOD: ShippingMethodValues = {
  code: '',
  name: '',
  kind: 'parcel',
  countries: '*',
  rates: '',
  freeOver: '',
  transitMin: '1',
  transitMax: '3',
  pickupAddress: '',
};

export const isShippingKind = (v: string): v is ShippingKind => (SHIPPING_KINDS as readonly string[]).includes(v);

export function valuesOf(m: ShippingMethodAnswer): ShippingMethodValues {
  return {
    code: m.code,
    name: m.name,
    kind: m.kind,
    countries: m.countries === '*' ? '*' : m.countries.join(', '),
    rates: m.rates.map((r) => `${r.upToKg}:${r.price}`).join(', '),
    freeOver: m.freeOver === null ? '' : String(m.freeOver),
    transitMin: String(m.transitDays[0]),
    transitMax: String(m.transitDays[1]),
    pickupAddress: m.pickupAddress ?? '',
  };
}

/** A number typed, or the text itself (the shared schema then names the field's problem). */
const num = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

/** The form's text as the API's method (`shippingMethodSchema` checks it, here and on the server). */
export function inputOf(v: ShippingMethodValues): ShippingMethodInput {
  const countries = v.countries.trim() === '*' ? '*' : v.countries.split(/[,\s]+/).filter(Boolean);
  const rates = v.rates
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const [upToKg = '', price = ''] = pair.split(':');
      return { upToKg: num(upToKg), price: num(price) };
    });
  return {
    code: v.code,
    name: v.name,
    kind: v.kind,
    countries,
    rates,
    freeOver: v.freeOver.trim() === '' ? null : num(v.freeOver),
    transitDays: [num(v.transitMin), num(v.transitMax)],
    pickupAddress: v.kind === 'pickup' ? v.pickupAddress : null,
  } as ShippingMethodInput;
}
