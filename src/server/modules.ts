import { createAccounts, MAIL_REQUEST_TOPIC } from '../../modules/accounts/index.ts';
import { createAttendance, type JoinClick } from '../../modules/attendance/index.ts';
import { createAudit } from '../../modules/audit/index.ts';
import { createBackups } from '../../modules/backup/index.ts';
import { createCampaigns } from '../../modules/campaigns/index.ts';
import { isDomainError } from '../../modules/shared/kernel/index.ts';
import { CAPACITY_CHANGED_TOPIC, createCatalogue, isEventOver, reminderOffsetsOf, REMINDERS_CHANGED_TOPIC, SCHEDULE_CHANGED_TOPIC, sessionsOf } from '../../modules/catalogue/index.ts';
import { createCertificates, type AttendanceSummary } from '../../modules/certificates/index.ts';
import { createContact } from '../../modules/contact/index.ts';
import { awaitedMailLane, createMailing } from '../../modules/mailing/index.ts';
import { createInvoicing } from '../../modules/invoicing/index.ts';
import { createMedia } from '../../modules/media/index.ts';
import { createOperations } from '../../modules/operations/index.ts';
import { createMeetings, MEETING_TOPICS } from '../../modules/meetings/index.ts';
import { createPurchases } from '../../modules/purchases/index.ts';
import { createRecordings, s3SettingsOf } from '../../modules/recordings/index.ts';
import { createPlayback } from '../../modules/playback/index.ts';
import type { RecordedEvent } from '../../modules/shared/events/index.ts';
import type { DatabaseHandle } from '../../modules/shared/db/index.ts';
import type { ModuleContext } from '../../modules/shared/kernel/index.ts';
import { usersConcerned, type LogFreshness } from '../../modules/shared/memory/index.ts';
import { join, resolve, sep } from 'node:path';
import { outboxOverview, type OutboxHandler } from '../../modules/shared/outbox/index.ts';
import { outsideCalls } from '../../modules/shared/outside/index.ts';
import { attendancePorts } from './attendance-ports.ts';
import { systemPorts } from './system-ports.ts';
import { recordingUploads, uploadsDir } from './recording-uploads.ts';
import { postgresLocker } from './upload-locker.ts';
import { productForSale } from './catalogue-for-sale.ts';
import { TERMS_VERSION, termsText } from '../content/terms.ts';
import { catalogues } from '../i18n/index.ts';
import { invalidatePages, userTag } from './page-cache/index.ts';

/**
 * The composition root: builds each module, registers its projections with the store and its
 * outbox handlers with the worker, and seeds an empty database with the demo content.
 */
const termsTitle = { pl: catalogues.pl['terms.title'], en: catalogues.en['terms.title'] };

const SEAT_EVENTS = new Set(['SeatHeld', 'SeatTaken', 'SeatReleased', 'WaitlistJoined', 'WaitlistLeft', 'SeatOffered', 'OfferEnded', 'WaitlistClosed']);

export type WireOptions = {
  log?: LogFreshness & { isBehind?: () => boolean };
  /**
   * Attendance's summary of a purchase (issue 25's modules/attendance, `summaryOf`), handed to certificates; until that
   * module is wired here, none is known (tests hand a stand-in).
   */
  attendance?: (purchaseId: string) => Promise<AttendanceSummary | null>;
  /** Where the event log's follower has got to (runtime.ts), for the system page's lag. */
  followerPosition?: () => number;
  /** The server's open database and version: scheduled backups dump it live (modules/backup); absent, they are off. */
  backups?: { database: DatabaseHandle; appVersion: string };
};

export function wireModules(ctx: ModuleContext, options: WireOptions = {}) {
  const mailing = createMailing(ctx);
  // The catalogue asks purchases who owns what; purchases is built below and asked only when a page renders.
  const catalogue = createCatalogue(ctx, { ownership: { ownedKeys: (userId) => purchases.ownedKeys(userId), ownershipChangesAt: (userId) => purchases.accessChangesAt(userId), linksFor: (userId, key) => purchases.linksFor(userId, key) },
    // A capacity below the seats already sold is refused: the seats are purchases' to count.
    seats: { sold: async (key) => (await purchases.seats(key)).sold } }, { behind: () => options.log?.isBehind?.() ?? false });
  const contact = createContact(ctx);
  const media = createMedia({ dir: join(ctx.config.DATA_DIR, 'uploads') });
  // Purchases and accounts need each other (the profile lists purchases, a purchase mails its buyer): each port's
  // methods reach the other module when called, never patched in after construction.
  const purchases = createPurchases(ctx, {
    products: (key) => productForSale(catalogue, key),
    productKeyForPrice: (priceId) => catalogue.productKeyForPrice(priceId),
    listing: (key) => catalogue.ownedProduct(key),
    isEventOver,
    buyers: (userId) => accounts.mailContact(userId),
    contacts: (userIds) => accounts.contacts(userIds),
    userIdByEmail: (email) => accounts.userIdByEmail(email),
    terms: (lang) => ({ version: TERMS_VERSION, title: termsTitle[lang], sections: termsText(lang, ctx.config.SITE_NAME) }),
    origin: () => ctx.config.PUBLIC_URL,
    requestInvoice: (request, tx, metadata) => invoicing.requestAtCheckout(request, tx, metadata),
    invoicingReady: async () => (await invoicing.invoicingReady()).ready,
  }, { log: options.log });
  const accounts = createAccounts(ctx, {
    purchases: {
      purchasedVideos: async (userId) => (await purchases.purchasesOf(userId))
        .map((p) => ({ key: p.product_key, purchaseDate: (p.paid_at ?? new Date(0)).toISOString() })),
    },
    people: { forgetAddress: (email) => contact.forgetAddress(email) },
  }, { log: options.log });
  // The audit trail reads the log; names and titles come from their owners at the time of reading.
  const audit = createAudit(ctx, {
    userNames: async (userIds) => new Map([...(await accounts.contacts(userIds))].map(([id, c]) => [id, c.name])),
    productTitles: async () => new Map((await catalogue.adminProducts()).map((p) => [p.key, { pl: p.title, en: p.titleEn }])),
  });
  // Invoicing asks the catalogue for products (whether one exists, its titles at issue), purchases for the sale, accounts for the address.
  const productOf = (key: string) => catalogue.ownedProduct(key);
  const invoicing = createInvoicing(ctx, {
    productExists: async (key) => (await productOf(key)) !== null,
    productTitle: async (key) => { const p = await productOf(key); return p ? { pl: p.title, en: p.titleEn || p.title } : null; },
    sale: (purchaseId) => purchases.saleForInvoice(purchaseId),
    buyerEmail: async (userId) => (await accounts.mailContact(userId))?.email ?? null,
    origin: () => ctx.config.PUBLIC_URL,
  });
  // Meetings: the join link and reminders, from purchases (who owns what, now), the catalogue (sessions, the live link), accounts (whom to mail).
  const meetings = createMeetings(ctx, {
    purchase: (purchaseId, at) => purchases.purchaseStanding(purchaseId, at),
    product: (key) => productForSale(catalogue, key),
    buyer: (userId) => accounts.mailContact(userId),
    send: mailing.send,
    // Each product's own offsets (the catalogue editor's reminders), a day and an hour when it sets none.
    reminderOffsets: async (key) => reminderOffsetsOf(await catalogue.ownedProduct(key)),
    origin: () => ctx.config.PUBLIC_URL,
  });
  // Attendance (issue 25): sessions and hours from the catalogue, buyers from purchases; a join click arrives from meetings' outbox row.
  const attendance = createAttendance(ctx, attendancePorts(catalogue, () => purchases));
  // Certificates: attendance's summary, the holder from accounts, the product from the catalogue, the institute from invoicing's seller.
  const certificates = createCertificates(ctx, {
    attendance: options.attendance ?? ((purchaseId) => attendance.summaryOf(purchaseId)),
    holder: (userId) => accounts.mailContact(userId),
    product: async (key) => {
      const p = await productOf(key);
      if (!p) return null;
      // `teachers` is derived from the facilitators when the product is read: their names as the product page shows them.
      return { title: { pl: p.title, en: p.titleEn || p.title }, sessions: sessionsOf(p), place: p.place, facilitators: p.teachers.map((t) => t.text) };
    },
    institute: async () => {
      const seller = await invoicing.sellerSettings();
      if (!seller.name.trim()) return null;
      const a = seller.address;
      return { name: seller.name, addressLines: [a.street, `${a.postalCode} ${a.city}`.trim()].filter((l) => l.trim()), nip: seller.nip || null };
    },
    origin: () => ctx.config.PUBLIC_URL,
  });
  // Recordings (issue 26): purchases says who may watch, at every HLS request (its per-user memory, dropped by events).
  const recordings = createRecordings(ctx, { accessUntil: (userId, key) => purchases.accessUntil(userId, key) });
  // Mass e-mail: recipients by id from accounts and purchases; addresses looked up only when a message goes out.
  const campaigns = createCampaigns(ctx, {
    everyone: () => accounts.verifiedUserIds(),
    buyers: async (productKey) => {
      try {
        return (await purchases.attendees(productKey)).owners;
      } catch (error) {
        if (isDomainError(error, 'attendees-unknown-product')) return null;
        throw error;
      }
    },
    recipient: (userId) => accounts.mailContact(userId),
    relay: mailing.rawRelay,
    keepInDevMailbox: mailing.keepInDevMailbox,
  });
  // With S3 the upload's parts go to the bucket too; with PostgreSQL its locks are the database's: any instance continues it.
  const uploads = recordingUploads({ dir: uploadsDir(ctx.config.DATA_DIR), productExists: async (key) => (await catalogue.ownedProduct(key)) !== null, recordings, log: ctx.log,
    s3: s3SettingsOf(ctx.config), locker: ctx.config.DATABASE_URL ? postgresLocker(ctx.config.DATABASE_URL) : undefined,
    outside: outsideCalls(ctx.db, { onError: (err) => ctx.log.warn({ err }, 'S3 status not recorded') }) });
  const playback = createPlayback(ctx);
  // Backups and drills (issue 35): the admins to mail are ADMIN_EMAILS, each in their account's language (Polish without one).
  const backup = createBackups(ctx, { database: options.backups?.database, appVersion: options.backups?.appVersion ?? 'unknown',
    admins: () => Promise.all(ctx.config.ADMIN_EMAILS.map(async (email) => {
      const id = await accounts.userIdByEmail(email);
      return { email, language: (id ? (await accounts.mailContact(id))?.language : undefined) ?? 'pl' };
    })) });
  // A join click from meetings' outbox row is attendance's first signal; 'certificate-check' is certificates' (below).
  const attendanceHandlers: Record<string, OutboxHandler> = { [MEETING_TOPICS.clicked]: (payload) => attendance.recordJoinClick(payload as JoinClick) };
  for (const projection of [...accounts.projections, ...catalogue.projections, ...purchases.projections, ...campaigns.projections, ...contact.projections, ...invoicing.projections, ...certificates.projections, ...attendance.projections, ...playback.projections, ...backup.projections]) ctx.store.addProjection(projection);
  const outboxHandlers: Record<string, OutboxHandler> = { ...attendanceHandlers, ...mailing.outboxHandlers, ...accounts.outboxHandlers, ...campaigns.outboxHandlers, ...purchases.outboxHandlers, ...invoicing.outboxHandlers, ...meetings.outboxHandlers, ...certificates.outboxHandlers, ...recordings.outboxHandlers, ...backup.outboxHandlers,
    // A committed change of a product's sessions or reminders: purchases tells each buyer, or has their reminders
    // planned again (the catalogue knows none of them). A committed capacity: purchases offers the seats it freed.
    [SCHEDULE_CHANGED_TOPIC]: purchases.scheduleChanged, [REMINDERS_CHANGED_TOPIC]: purchases.remindersChanged,
    [CAPACITY_CHANGED_TOPIC]: purchases.capacityChanged };
  const lanes = { awaited: awaitedMailLane(MAIL_REQUEST_TOPIC), campaigns: campaigns.lane, reminders: meetings.lane, transcode: recordings.lane, backup: backup.lane };
  // The system page (issue 35): each lane's backlog, the general worker's being every topic no lane takes.
  const operations = createOperations(systemPorts(ctx, {
    lanes: [{ name: 'general', topics: null }, ...Object.entries(lanes).map(([name, lane]) => ({ name, topics: lane.topics }))],
    followerPosition: options.followerPosition,
    // modules/backup's status(): the last backup, the last verified restore, and a last drill that failed.
    backup: async () => {
      const status = await backup.status();
      const failed = status.lastDrill && !status.lastDrill.ok ? { at: status.lastDrill.at, message: status.lastDrill.message ?? '' } : null;
      return { lastBackupAt: status.lastBackup?.at ?? null, lastVerifiedRestoreAt: status.lastVerified?.at ?? null, lastDrillFailed: failed };
    },
  }), { onError: (err, item) => ctx.log.warn({ err, item }, 'system page item not checked') });
  return {
    // `outbox`: background work as the admin panel shows it (topics, due times, attempts, errors; never payloads).
    services: { mailing, accounts, catalogue, contact, purchases, campaigns, audit, media, invoicing, meetings, certificates, attendance, recordings, uploads, playback, backup, outbox: outboxOverview(ctx.db), operations },
    outboxHandlers,
    /** Topics delivered by a worker of their own (mail someone waits for, campaign mail, reminders), with its lease, batch size and sends at once. */
    outboxLanes: Object.values(lanes),
    /** Events committed by any instance: a catalogue or article change drops the cached public pages that show it. */
    onCommitted(events: readonly RecordedEvent[]) {
      accounts.forgetSessions(events);
      purchases.forgetOwned(events);
      const users = usersConcerned(events);
      if (users.size > 0) invalidatePages([...users].map(userTag));
      const changes = catalogue.changesIn(events);
      if (changes.length > 0) catalogue.forgetReads(changes);
      if (changes.length > 0) invalidatePages(changes);
      // A product page shows "Chcę fakturę" to a signed-in buyer only while the seller's data is complete.
      if (events.some((e) => e.type === 'SellerSettingsChanged')) invalidatePages(['catalogue']);
      // A product page says "Sold out" or how many seats are left: a seat held, taken, freed or offered changes it.
      if (events.some((e) => SEAT_EVENTS.has(e.type))) invalidatePages(['catalogue']);
      // A recording ready to play names no user: every kept copy of a page about products goes (rare: one a transcode).
      if (events.some((e) => e.type === 'RecordingReady')) invalidatePages(['catalogue']);
    },
    async seed() {
      await accounts.seed();
      await catalogue.seed();
      await catalogue.migrateLegacyProducts();
      // Products recorded before sessions existed get them, through the kernel (issue 24).
      await catalogue.giveSessions();
      // Products recorded before facilitators were chosen get them, through the kernel (facilitator-commands.ts).
      const adopted = await catalogue.adoptTeachers();
      if (adopted > 0) ctx.log.info({ products: adopted }, 'products now name their facilitators');
      // Recordings kept as files in MEDIA_DIR (the seed's demo recordings) go through the upload's path once: probed,
      // transcoded to HLS in the background, served with tokens like any upload.
      const mediaDir = resolve(ctx.config.MEDIA_DIR);
      for (const { key } of await catalogue.adminProducts()) {
        const link = (await productForSale(catalogue, key))?.recordingLink;
        const file = link?.startsWith('media:') ? resolve(mediaDir, link.slice('media:'.length)) : null;
        if (!file?.startsWith(mediaDir + sep)) continue;
        await recordings.adoptFile(key, file).catch((error: unknown) => ctx.log.warn({ err: error, product: key }, 'recording file not adopted'));
      }
    },
  };
}

export type Services = ReturnType<typeof wireModules>['services'];
