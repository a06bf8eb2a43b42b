import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';

/** Stripe's form encoding (`a[b][0][c]=v`) back into an object. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out as Record<string, unknown>;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => resolve(body));
});

export type StandInSession = {
  id: string; object: 'checkout.session'; url: string; mode: string; status: string; payment_status: 'paid' | 'unpaid';
  amount_total: number; currency: string; customer_email: string; locale: string; success_url: string; cancel_url: string;
  client_reference_id: string; metadata: Record<string, string>; payment_intent: string | null; line_items_requested: unknown;
};

export type StandInRefund = {
  id: string; object: 'refund'; amount: number; currency: string; payment_intent: string; status: 'succeeded';
  reason: string | null; metadata: Record<string, string>;
};

/**
 * A loopback stand-in for the Stripe API calls we make (create, retrieve and expire a Checkout Session;
 * create and list refunds, whole or in parts; refunds made in the dashboard and `charge.refunded` events), so the official SDK is exercised for real. Prices named `price_*` resolve
 * through `prices`. Like Stripe: only an open session can be expired, an expired one cannot be paid,
 * a payment is refunded at most once, and a repeated Idempotency-Key replays the first answer.
 */
export async function startStripeStandIn(prices: Record<string, { amount: number; currency: string }> = {}) {
  const sessions = new Map<string, StandInSession>();
  const refunds: StandInRefund[] = [];
  const replies = new Map<string, { status: number; payload: unknown }>();
  /** While set, refund creation answers a server error (Stripe-Should-Retry: false, so the SDK gives up at once). */
  const outage = { refunds: false };
  /** Holds answers to checkout creation until this many have been asked for: two buyers' tabs racing, made deterministic. */
  let gate: { count: number; waiting: (() => void)[] } | null = null;
  const requests: { method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | undefined; auth: string | undefined }[] = [];
  const addRefund = (paymentIntent: string, amount: number, currency: string, reason: string | null, metadata: Record<string, string>) => {
    const refund: StandInRefund = { id: `re_${randomBytes(8).toString('hex')}`, object: 'refund', amount, currency, payment_intent: paymentIntent, status: 'succeeded', reason, metadata };
    refunds.push(refund);
    return refund;
  };
  const server = createServer(async (req, res) => {
    const body = parseForm(await read(req));
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method ?? '', path, body, idempotencyKey: req.headers['idempotency-key'] as string | undefined, auth: req.headers.authorization });
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      // Stripe keeps the first answer to a key (errors included, except its own server errors) and replays it.
      if (req.method === 'POST' && idempotencyKey && status < 500) replies.set(`${path} ${idempotencyKey}`, { status, payload });
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(4).toString('hex')}`, ...headers });
      res.end(JSON.stringify(payload));
    };
    const invalid = (message: string, code?: string) => send(400, { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });
    const replay = req.method === 'POST' && idempotencyKey ? replies.get(`${path} ${idempotencyKey}`) : undefined;
    if (replay) {
      res.writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      return res.end(JSON.stringify(replay.payload));
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (gate) {
        const held = gate;
        await new Promise<void>((resolve) => {
          held.waiting.push(resolve);
          if (held.waiting.length >= held.count) { gate = null; for (const release of held.waiting) release(); }
        });
      }
      const item = (body.line_items as Record<string, Record<string, unknown>>)['0']!;
      const priceData = item.price_data as { currency: string; unit_amount: string } | undefined;
      const known = typeof item.price === 'string' ? prices[item.price] : undefined;
      if (typeof item.price === 'string' && !known) return send(400, { error: { type: 'invalid_request_error', message: `No such price: '${item.price}'` } });
      const id = `cs_test_${randomBytes(8).toString('hex')}`;
      const session: StandInSession = {
        id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, mode: String(body.mode), status: 'open',
        payment_status: 'unpaid', amount_total: known ? known.amount : Number(priceData!.unit_amount), currency: known ? known.currency : priceData!.currency,
        customer_email: String(body.customer_email), locale: String(body.locale), success_url: String(body.success_url),
        cancel_url: String(body.cancel_url), client_reference_id: String(body.client_reference_id),
        metadata: body.metadata as Record<string, string>, payment_intent: null, line_items_requested: body.line_items,
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      const session = sessions.get(match[1]!);
      return session ? send(200, session) : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(path);
    if (req.method === 'POST' && expire) {
      const session = sessions.get(expire[1]!);
      if (!session) return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      if (session.status !== 'open') return invalid(`This Checkout Session is ${session.status}: only an open session can be expired.`);
      session.status = 'expired';
      return send(200, session);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      if (outage.refunds) return send(500, { error: { type: 'api_error', message: 'stand-in outage' } }, { 'stripe-should-retry': 'false' });
      const paid = [...sessions.values()].find((s) => s.payment_intent === body.payment_intent && s.payment_status === 'paid');
      if (!paid) return invalid(`No such payment_intent: '${String(body.payment_intent)}'`, 'resource_missing');
      // Like Stripe: part of a payment may be refunded several times, never more than it took in all.
      const left = paid.amount_total - refunds.filter((r) => r.payment_intent === paid.payment_intent).reduce((sum, r) => sum + r.amount, 0);
      if (left <= 0) return invalid('Charge has already been refunded.', 'charge_already_refunded');
      const amount = body.amount === undefined ? left : Number(body.amount);
      if (amount > left) return invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount_too_large');
      return send(200, addRefund(paid.payment_intent!, amount, paid.currency, (body.reason as string | undefined) ?? null, (body.metadata as Record<string, string>) ?? {}));
    }
    if (req.method === 'GET' && path === '/v1/refunds') {
      const pi = new URL(req.url ?? '', 'http://x').searchParams.get('payment_intent');
      const data = refunds.filter((r) => !pi || r.payment_intent === pi).reverse();
      return send(200, { object: 'list', url: '/v1/refunds', has_more: false, data });
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    refunds,
    outage,
    holdCheckouts(count: number) { gate = { count, waiting: [] }; },
    /** The customer pays on Stripe's page: only an open session can be paid. */
    pay(id: string) {
      const s = sessions.get(id)!;
      if (s.status !== 'open') throw new Error(`Checkout Session ${id} is ${s.status} and cannot be paid`);
      Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: `pi_${randomBytes(6).toString('hex')}` });
      return s;
    },
    /** A webhook event body as Stripe would send it for a session. */
    event(type: string, session: StandInSession, id = `evt_${randomBytes(8).toString('hex')}`) {
      return JSON.stringify({ id, object: 'event', type, api_version: '2026-01-01', created: Math.floor(Date.now() / 1000), data: { object: session } });
    },
    /** Someone refunds part of a payment in Stripe's dashboard (no metadata of ours): as Stripe records it. */
    refundInDashboard(paymentIntent: string, amount: number) {
      const paid = [...sessions.values()].find((x) => x.payment_intent === paymentIntent)!;
      return addRefund(paymentIntent, amount, paid.currency, null, {});
    },
    /** A `charge.refunded` event body for a payment, the charge's refunded total as of now (Stripe leaves `refunds` unexpanded). */
    chargeRefunded(paymentIntent: string, id = `evt_${randomBytes(8).toString('hex')}`) {
      const paid = [...sessions.values()].find((x) => x.payment_intent === paymentIntent)!;
      const refunded = refunds.filter((r) => r.payment_intent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
      const charge = { id: `ch_${paymentIntent.slice(3)}`, object: 'charge', amount: paid.amount_total, amount_refunded: refunded, currency: paid.currency,
        payment_intent: paymentIntent, refunded: refunded >= paid.amount_total, metadata: {} };
      return JSON.stringify({ id, object: 'event', type: 'charge.refunded', api_version: '2026-01-01', created: Math.floor(Date.now() / 1000), data: { object: charge } });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
