import { JOIN_OPENS_MINUTES, type Bilingual, type DetailLine, type Price, type Product, type ProductSecrets, type Teacher } from '../product.ts';
import { formatDate, warsawDaysFrom } from '../../shared/text/index.ts';
import { sessionsOf } from '../sessions.ts';
import { demoFacilitators } from './facilitators.ts';

/** Stable keys: other modules and the admin view refer to the five demo products by key. */
export const DEMO_KEYS = {
  shame: '6f1c2a52-3b8e-4c1d-9a57-1e0d4b2f7a01',
  contactStyles: '2b7e9d14-5c3a-4f68-8e21-7a9c0f3d5b02',
  trauma: '9d4a6e31-0f2b-47c5-b8d9-3e6f1a2c4d03',
  fieldTheory: 'c3e58f27-6a1d-4b9e-a0f4-5d2b8c7e9f04',
  breath: '5a9b3c7d-1e2f-4a6b-9c8d-0e1f2a3b4c05',
} as const;

/** The demo's prices, written here in whole units for reading; kept as every price is, in minor units. */
const prices = (slug: string, usd: number, pln: number, eur: number): [Price, Price, Price] => [
  { priceMinor: usd * 100, name: 'USD', api: `price_demo_${slug}_usd` },
  { priceMinor: pln * 100, name: 'PLN', api: `price_demo_${slug}_pln` },
  { priceMinor: eur * 100, name: 'EUR', api: `price_demo_${slug}_eur` },
];

const teacher = (id: string): Teacher => {
  const f = demoFacilitators.find((x) => x.id === id)!;
  return { img: f.avatar, text: f.name, desc: f.bio.pl, descEn: f.bio.en };
};
const channelOf = (id: string) => {
  const f = demoFacilitators.find((x) => x.id === id)!;
  return { channel: f.name, avatar: f.avatar };
};
const line = (pl: string, en: string): Bilingual => ({ pl, en });
const detail = (label: Bilingual, value: Bilingual): DetailLine => ({ label, value });
const ONLINE = line('Online (Zoom)', 'Online (Zoom)');
const LUNCH = { from: '13:30', to: '14:30' };

type Seed = { product: Product; secrets: ProductSecrets };

/** The five demo products, dated relative to `now`: three upcoming, two past with a recording. */
export function demoProducts(now: Date): Seed[] {
  const shameStart = warsawDaysFrom(now, 24, 10);
  const contactStart = warsawDaysFrom(now, -38, 10);
  const traumaStart = warsawDaysFrom(now, -72, 18);
  const fieldStart = warsawDaysFrom(now, 52, 10);
  const breathStart = warsawDaysFrom(now, 80, 9);
  // Dates, times, place and hours are fields; the Details lines, date line and duration are derived from them (facts.ts).
  // One session a day, from the start's time to the day's end (the lunch break inside it), ids day-1, day-2, …
  const when = (start: Date, days: number, dailyEnd: string, breakTime: Product['breakTime'], place: Bilingual, hours: number | null) => ({
    startsAt: start.toISOString(), days, dailyEnd, breakTime, place, hours, joinOpensMinutes: JOIN_OPENS_MINUTES,
    sessions: sessionsOf({ startsAt: start.toISOString(), days, dailyEnd }),
  });

  const shame: Product = {
    key: DEMO_KEYS.shame, category: 'workshop', title: 'Wstyd w relacji terapeutycznej', titleEn: 'Shame in the Therapeutic Relationship',
    ...when(shameStart, 3, '18:30', LUNCH, ONLINE, 25.5), isOnline: true,
    thumbnail: '/media/thumb-shame.webp', videoSrc: null, ...channelOf('marta-zielinska'),
    heroDesc: line(
      'Trzydniowy warsztat o wstydzie: jak go rozpoznać w gabinecie, jak nie zawstydzać i jak towarzyszyć klientowi, gdy wstyd zamyka kontakt.',
      'A three-day workshop on shame: how to recognise it in the consulting room, how not to shame, and how to stay with a client when shame closes contact.'),
    whyWatch: [
      { title: line('Rozpoznawanie wstydu', 'Recognising shame'), desc: line('Sygnały ciała, języka i relacji, które zdradzają wstyd.', 'Signals of body, language and relationship that give shame away.') },
      { title: line('Wstyd terapeuty', 'The therapist’s shame'), desc: line('Co robić z własnym wstydem, który budzi się w sesji.', 'What to do with your own shame when it wakes up in a session.') },
      { title: line('Powrót do kontaktu', 'Back to contact'), desc: line('Interwencje, które przywracają ruch tam, gdzie wstyd go zatrzymał.', 'Interventions that bring movement back where shame stopped it.') },
    ],
    subDesc: line('Pracujemy na doświadczeniu uczestników, w małych grupach i w parach.', 'We work with the participants’ own experience, in small groups and in pairs.'),
    details: [],
    final: line('Dla psychoterapeutów w szkoleniu i praktykujących. Uczestnicy otrzymują zaświadczenie o 25,5 godzinach szkolenia.',
      'For therapists in training and in practice. Participants receive a certificate for 25.5 training hours.'),
    certificate: '/media/certificate.svg', recordingAvailable: false, facilitators: ['marta-zielinska'], teachers: [teacher('marta-zielinska')],
    price: prices('shame', 630, 2290, 540), groupSize: { min: 10, max: 16 },
  };

  const contactStyles: Product = {
    key: DEMO_KEYS.contactStyles, category: 'seminar', title: 'Style kontaktu w praktyce', titleEn: 'Contact Styles in Practice',
    ...when(contactStart, 1, '18:00', null, ONLINE, 8), isOnline: true,
    thumbnail: '/media/thumb-contact.webp', videoSrc: '/media/preview-contact.webm', ...channelOf('helena-maj'),
    heroDesc: line(
      'Seminarium o tym, jak konfluencja, introjekcja, projekcja i retrofleksja wyglądają w prawdziwej rozmowie — i co z nimi zrobić.',
      'A seminar on how confluence, introjection, projection and retroflection look in a real conversation, and what to do with them.'),
    whyWatch: [
      { title: line('Mapa stylów kontaktu', 'A map of contact styles'), desc: line('Krótko i konkretnie: teoria, którą da się użyć.', 'Short and concrete: theory you can use.') },
      { title: line('Nagrania sesji', 'Session recordings'), desc: line('Fragmenty pracy z omówieniem krok po kroku.', 'Excerpts of work discussed step by step.') },
    ],
    subDesc: line('Nagranie jest dostępne przez 90 dni od daty spotkania.', 'The recording is available for 90 days from the meeting date.'),
    details: [],
    final: line('Dla terapeutów i studentów psychoterapii. Zaświadczenie o 8 godzinach szkolenia.', 'For therapists and psychotherapy students. Certificate for 8 training hours.'),
    certificate: '/media/certificate.svg', recordingAvailable: true, facilitators: ['helena-maj'], teachers: [teacher('helena-maj')],
    price: prices('contact_styles', 165, 619, 145), groupSize: { min: 10, max: 16 },
  };

  const trauma: Product = {
    key: DEMO_KEYS.trauma, category: 'seminar', title: 'Trauma i ciało w podejściu Gestalt', titleEn: 'Trauma and the Body in Gestalt',
    ...when(traumaStart, 1, '21:00', null, ONLINE, 3), isOnline: true,
    thumbnail: '/media/thumb-trauma.webp', videoSrc: '/media/preview-trauma.webm', ...channelOf('jan-kowalczyk'),
    heroDesc: line('Wieczorne seminarium o regulacji, granicach i tempie pracy z osobami po traumie.', 'An evening seminar on regulation, boundaries and pace in work with people after trauma.'),
    whyWatch: [
      { title: line('Okno tolerancji', 'The window of tolerance'), desc: line('Jak rozpoznać, że klient wychodzi poza bezpieczny zakres.', 'How to notice a client leaving the safe range.') },
      { title: line('Zasoby w ciele', 'Resources in the body'), desc: line('Proste sposoby na ugruntowanie w trakcie sesji.', 'Simple ways of grounding during a session.') },
    ],
    subDesc: line('Nagranie jest dostępne przez 90 dni od daty spotkania.', 'The recording is available for 90 days from the meeting date.'),
    details: [],
    final: line('Dla terapeutów pracujących z traumą i osób w szkoleniu. Zaświadczenie o 3 godzinach.', 'For therapists working with trauma and people in training. Certificate for 3 hours.'),
    certificate: null, recordingAvailable: true, facilitators: ['jan-kowalczyk'], teachers: [teacher('jan-kowalczyk')],
    price: prices('trauma', 77, 299, 68), groupSize: { min: 10, max: 16 },
  };

  const fieldTheory: Product = {
    key: DEMO_KEYS.fieldTheory, category: 'workshop', title: 'Teoria pola w pracy z grupą', titleEn: 'Field Theory in Group Work',
    ...when(fieldStart, 3, '18:30', LUNCH, ONLINE, 25.5), isOnline: true,
    thumbnail: '/media/thumb-field.webp', videoSrc: null, ...channelOf('tomasz-wrona'),
    heroDesc: line('Warsztat o tym, jak pole grupy kształtuje każdego z jej członków — i jak prowadzący może z tym polem pracować.', 'A workshop on how a group’s field shapes each member, and how a leader can work with that field.'),
    whyWatch: [
      { title: line('Myślenie polowe', 'Field thinking'), desc: line('Od Lewina do współczesnej praktyki grupowej.', 'From Lewin to present-day group practice.') },
      { title: line('Interwencje grupowe', 'Group interventions'), desc: line('Kiedy mówić do osoby, a kiedy do całej grupy.', 'When to speak to a person and when to the whole group.') },
    ],
    subDesc: line('Warsztat łączy krótkie wykłady z pracą w grupie procesowej.', 'Short lectures alternate with work in a process group.'),
    details: [],
    final: line('Dla prowadzących grupy i terapeutów w szkoleniu. Zaświadczenie o 25,5 godzinach szkolenia.', 'For group leaders and therapists in training. Certificate for 25.5 training hours.'),
    certificate: '/media/certificate.svg', recordingAvailable: false, facilitators: ['tomasz-wrona', 'marta-zielinska'], teachers: [teacher('tomasz-wrona'), teacher('marta-zielinska')],
    price: prices('field_theory', 630, 2290, 540), groupSize: { min: 10, max: 16 },
  };

  // The training of spec sections 1 and 9: 50 hours over 6 days, 8 to 14 people, 2200 PLN with a deposit.
  const instalmentsUntil = new Date(breathStart.getTime() + 90 * 86_400_000);
  const place = line('Ośrodek „Polana”, Podkowa Leśna', '“Polana” retreat centre, Podkowa Leśna');
  const breath: Product = {
    key: DEMO_KEYS.breath, category: 'training', title: 'Oddech i ucieleśnienie', titleEn: 'Breath and Embodiment',
    ...when(breathStart, 6, '17:30', { from: '13:00', to: '14:30' }, place, 50), isOnline: false,
    thumbnail: '/media/thumb-breath.webp', videoSrc: '/media/preview-breath.webm', ...channelOf('ewa-lis'),
    heroDesc: line(
      'Sześciodniowy trening o oddechu i ucieleśnieniu: 50 godzin zaliczanych przez dwa towarzystwa certyfikujące psychoterapeutów.',
      'A six-day training in breath and embodiment: 50 hours that count towards two professional certification bodies.'),
    whyWatch: [
      { title: line('Oddech jako proces kontaktu', 'Breath as a contact process'), desc: line('Jak sposób oddychania odzwierciedla to, jak spotykamy świat.', 'How the way we breathe mirrors how we meet the world.') },
      { title: line('Ciało terapeuty', 'The therapist’s body'), desc: line('Uważność na własne ciało jako narzędzie diagnozy i wsparcia.', 'Awareness of your own body as a tool for assessment and support.') },
      { title: line('Praca z klientem', 'Working with clients'), desc: line('Bezpieczne ćwiczenia oddechowe do wykorzystania w sesji.', 'Safe breathing work to use in sessions.') },
    ],
    subDesc: line('Trening odbywa się stacjonarnie, w małej grupie, z codzienną praktyką ruchu i oddechu.', 'The training takes place in person, in a small group, with daily breath and movement practice.'),
    // Free lines: what no field holds (how to pay the price, and the stay, paid apart).
    details: [
      detail(line('Płatność', 'Payment'), line(
        `zadatek 400 PLN przy zapisie, reszta do rozpoczęcia; raty możliwe do ${formatDate(instalmentsUntil, 'pl', 'month')} po uzgodnieniu`,
        `a 400 PLN deposit on booking, the rest by the start; instalments possible until ${formatDate(instalmentsUntil, 'en', 'month')} by arrangement`)),
      detail(line('Zakwaterowanie', 'Accommodation'), line(
        'płatne gotówką na miejscu: 1250 PLN od osoby w pokoju dwuosobowym, 1500 PLN w pokoju jednoosobowym',
        'paid in cash on site: 1250 PLN per person in a double room, 1500 PLN in a single room')),
    ],
    final: line(
      'Dla psychoterapeutów w szkoleniu, absolwentów szkół psychoterapii oraz osób spoza zawodu, które mają za sobą co najmniej dwa lata terapii indywidualnej. Zaświadczenie o 50 godzinach jest uznawane przez dwa towarzystwa certyfikujące.',
      'For psychotherapists in training, graduates of psychotherapy schools, and non-psychotherapists with at least two years of individual therapy. The 50-hour certificate counts towards two professional certification bodies.'),
    certificate: '/media/certificate.svg', recordingAvailable: false, facilitators: ['ewa-lis', 'jan-kowalczyk'], teachers: [teacher('ewa-lis'), teacher('jan-kowalczyk')],
    price: prices('breath', 610, 2200, 520), groupSize: { min: 8, max: 14 }, capacity: 14,
  };

  const link = (slug: string) => `https://meet.example.invalid/${slug}`;
  return [
    { product: shame, secrets: { liveLink: link('wstyd'), recordingLink: null } },
    { product: contactStyles, secrets: { liveLink: link('style-kontaktu'), recordingLink: 'media:recordings/recording-contact-styles.webm' } },
    { product: trauma, secrets: { liveLink: link('trauma'), recordingLink: 'media:recordings/recording-trauma.webm' } },
    { product: fieldTheory, secrets: { liveLink: link('teoria-pola'), recordingLink: null } },
    { product: breath, secrets: { liveLink: null, recordingLink: null } },
  ];
}
