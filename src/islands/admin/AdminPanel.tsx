import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import ArticlesSection from './ArticlesSection.tsx';
import AttendeesSection from './AttendeesSection.tsx';
import AuditSection from './AuditSection.tsx';
import CatalogueSection from './CatalogueSection.tsx';
import CertificatesSection from './CertificatesSection.tsx';
import EmailSection from './EmailSection.tsx';
import FacilitatorsSection from './FacilitatorsSection.tsx';
import InboxSection from './InboxSection.tsx';
import InvoicingSection from './InvoicingSection.tsx';
import MailboxSection from './MailboxSection.tsx';
import { PanelContext, sayFrom, type PanelMessages } from './messages.ts';
import SystemSection from './SystemSection.tsx';
import UsersSection from './UsersSection.tsx';
import WorkSection from './WorkSection.tsx';

const SECTIONS = {
  articles: () => <ArticlesSection />,
  attendees: () => <AttendeesSection />,
  users: () => <UsersSection />,
  inbox: () => <InboxSection />,
  email: () => <EmailSection />,
  catalogue: () => <CatalogueSection />,
  facilitators: () => <FacilitatorsSection />,
  invoicing: () => <InvoicingSection />,
  certificates: () => <CertificatesSection />,
  audit: () => <AuditSection />,
  work: () => <WorkSection />,
  system: () => <SystemSection />,
  mailbox: () => <MailboxSection />,
} satisfies Record<string, () => ReactNode>;
type SectionId = keyof typeof SECTIONS;
const IDS = Object.keys(SECTIONS) as SectionId[];
const isSection = (id: string): id is SectionId => Object.hasOwn(SECTIONS, id);

/**
 * The admin panel (spec 2): one tab per section, the ARIA tabs pattern (arrow keys, Home and End move between
 * tabs; Tab goes into the open section). The open section is kept in the address (#users) so a reload stays there.
 */
export default function AdminPanel({ m, lang, vatRates }: { m: PanelMessages; lang: 'pl' | 'en'; vatRates: readonly number[] }) {
  const panel = useMemo(() => ({ say: sayFrom(m), lang, vatRates }), [m, lang, vatRates]);
  const [open, setOpen] = useState<SectionId>('articles');
  const tabs = useRef<Partial<Record<SectionId, HTMLButtonElement | null>>>({});

  useEffect(() => {
    const fromHash = () => { const id = window.location.hash.slice(1); if (isSection(id)) setOpen(id); };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, []);

  const choose = (id: SectionId, focus = false) => {
    setOpen(id);
    window.history.replaceState(null, '', `#${id}`);
    if (focus) tabs.current[id]?.focus();
  };

  const onKey = (event: KeyboardEvent) => {
    const at = IDS.indexOf(open);
    const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: IDS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(IDS[(to + IDS.length) % IDS.length]!, true);
  };

  return (
    <PanelContext.Provider value={panel}>
      <div className="admin-tabs" role="tablist" aria-label={panel.say('adminPanel.sections')} onKeyDown={onKey}>
        {IDS.map((id) => (
          <button key={id} ref={(el) => { tabs.current[id] = el; }} type="button" role="tab" id={`tab-${id}`}
            aria-selected={open === id} aria-controls={`panel-${id}`} tabIndex={open === id ? 0 : -1}
            className="admin-tab" onClick={() => choose(id)}>{panel.say(`adminPanel.tab.${id}`)}</button>
        ))}
      </div>
      {IDS.map((id) => (
        <section key={id} id={`panel-${id}`} role="tabpanel" aria-labelledby={`tab-${id}`} tabIndex={0} hidden={open !== id} className="admin-section">
          {open === id && <><h2>{panel.say(`adminPanel.tab.${id}`)}</h2>{SECTIONS[id]()}</>}
        </section>
      ))}
    </PanelContext.Provider>
  );
}
