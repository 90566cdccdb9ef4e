export interface SimCredential {
  domain: string;
  identity: string;
}
export interface SimCartLine {
  sku: string;
  description: string;
  quantity: string;
  unit: string;
  price: string;
  currency: string;
  classification: string;
}
export interface SimCart {
  id: string;
  protocol: 'cxml' | 'oci';
  lines: SimCartLine[];
  buyerCookie?: string;
  total?: string;
  order?: { orderId: string; code: string; text: string; message: string };
}
export function startPunchoutSim(options: {
  shopUrl: string;
  port?: number;
  host?: string;
  name?: string;
  from?: SimCredential;
  sender?: SimCredential;
  to?: SimCredential;
  secret?: string;
  ociUsername?: string;
  ociPassword?: string;
  userEmail?: string;
}): Promise<{ url: string; carts: SimCart[]; close(): Promise<void> }>;
