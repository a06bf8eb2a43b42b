import type { Bilingual, DetailLine, Price, Product, ProductSecrets, Teacher } from '../product.ts';
import { formatDate, formatDayRange, warsawDaysFrom } from '../../shared/text/index.ts';
import { demoFacilitators } from './facilitators.ts';

/** Stable keys: other modules and the admin view refer to the five demo products by key. */
export const DEMO_KEYS = {
  shame: '6f1c2a52-3b8e-4c1d-9a57-1e0d4b2f7a01',
  contactStyles: '2b7e9d14-5c3a-4f68-8e21-7a9c0f3d5b02',
  trauma: '9d4a6e31-0f2b-47c5-b8d9-3e6f1a2c4d03',
  fieldTheory: 'c3e58f27-6a1d-4b9e-a0f4-5d2b8c7e9f04',
  breath: '5a9b3c7d-1e2f-4a6b-9c8d-0e1f2a3b4c05',
} as const;

const prices = (slug: string, usd: number, pln: number, eur: number): [Price, Price, Price] => [
  { price: usd, name: 'USD', api: `price_demo_${slug}_usd` },
  { price: pln, name: 'PLN', api: `price_demo_${slug}_pln` },
  { price: eur, name: 'EUR', api: `price_demo_${slug}_eur` },
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
const L = {
  date: line('Termin', 'Date'), schedule: line('Godziny pracy', 'Schedule'), place: line('Miejsce', 'Place'),
  group: line('Liczba uczestników', 'Participants'), price: line('Cena', 'Price'), stay: line('Zakwaterowanie', 'Accommodation'),
  hours: line('Liczba godzin', 'Hours'),
};
const ONLINE = line('Online (Zoom)', 'Online (Zoom)');

type Seed = { product: Product; secrets: ProductSecrets };

/** The five demo products, dated relative to `now`: three upcoming, two past with a recording. */
export function demoProducts(now: Date): Seed[] {
  const shameStart = warsawDaysFrom(now, 24, 10);
  const contactStart = warsawDaysFrom(now, -38, 10);
  const traumaStart = warsawDaysFrom(now, -72, 18);
  const fieldStart = warsawDaysFrom(now, 52, 10);
  const breathStart = warsawDaysFrom(now, 80, 9);
  const common = (start: Date, days: number, place: Bilingual) => ({
    startsAt: start.toISOString(),
    date: formatDate(start, 'pl', 'numeric'),
    day: { pl: `${formatDayRange(start, days, 'pl')} · ${place.pl}`, en: `${formatDayRange(start, days, 'en')} · ${place.en}` },
  });
  const dates = (start: Date, days: number) => line(formatDayRange(start, days, 'pl'), formatDayRange(start, days, 'en'));

  const shame: Product = {
    key: DEMO_KEYS.shame, category: 'workshop', title: 'Wstyd w relacji terapeutycznej', titleEn: 'Shame in the Therapeutic Relationship',
    ...common(shameStart, 3, ONLINE), duration: line('3 dni, 25,5 godziny', '3 days, 25.5 hours'), isOnline: true,
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
    details: [
      detail(L.date, dates(shameStart, 3)), detail(L.schedule, line('10:00–18:30, przerwa 13:30–14:30', '10:00–18:30, break 13:30–14:30')),
      detail(L.place, ONLINE), detail(L.group, line('od 10 do 16 osób', '10 to 16 people')), detail(L.price, line('2290 PLN', '2290 PLN')),
      detail(L.hours, line('25,5 godziny do certyfikacji', '25.5 hours towards certification')),
    ],
    final: line('Dla psychoterapeutów w szkoleniu i praktykujących. Uczestnicy otrzymują zaświadczenie o 25,5 godzinach szkolenia.',
      'For therapists in training and in practice. Participants receive a certificate for 25.5 training hours.'),
    certificate: '/media/certificate.svg', recordingAvailable: false, facilitators: ['marta-zielinska'], teachers: [teacher('marta-zielinska')],
    price: prices('shame', 630, 2290, 540), groupSize: { min: 10, max: 16 },
  };

  const contactStyles: Product = {
    key: DEMO_KEYS.contactStyles, category: 'seminar', title: 'Style kontaktu w praktyce', titleEn: 'Contact Styles in Practice',
    ...common(contactStart, 1, ONLINE), duration: line('1 dzień, 8 godzin', '1 day, 8 hours'), isOnline: true,
    thumbnail: '/media/thumb-contact.webp', videoSrc: '/media/preview-contact.webm', ...channelOf('helena-maj'),
    heroDesc: line(
      'Seminarium o tym, jak konfluencja, introjekcja, projekcja i retrofleksja wyglądają w prawdziwej rozmowie — i co z nimi zrobić.',
      'A seminar on how confluence, introjection, projection and retroflection look in a real conversation, and what to do with them.'),
    whyWatch: [
      { title: line('Mapa stylów kontaktu', 'A map of contact styles'), desc: line('Krótko i konkretnie: teoria, którą da się użyć.', 'Short and concrete: theory you can use.') },
      { title: line('Nagrania sesji', 'Session recordings'), desc: line('Fragmenty pracy z omówieniem krok po kroku.', 'Excerpts of work discussed step by step.') },
    ],
    subDesc: line('Nagranie jest dostępne przez 90 dni od daty spotkania.', 'The recording is available for 90 days from the meeting date.'),
    details: [
      detail(L.date, dates(contactStart, 1)), detail(L.schedule, line('10:00–18:00', '10:00–18:00')), detail(L.place, ONLINE),
      detail(L.price, line('619 PLN', '619 PLN')), detail(L.hours, line('8 godzin do certyfikacji', '8 hours towards certification')),
    ],
    final: line('Dla terapeutów i studentów psychoterapii. Zaświadczenie o 8 godzinach szkolenia.', 'For therapists and psychotherapy students. Certificate for 8 training hours.'),
    certificate: '/media/certificate.svg', recordingAvailable: true, facilitators: ['helena-maj'], teachers: [teacher('helena-maj')],
    price: prices('contact_styles', 165, 619, 145), groupSize: { min: 10, max: 16 },
  };

  const trauma: Product = {
    key: DEMO_KEYS.trauma, category: 'seminar', title: 'Trauma i ciało w podejściu Gestalt', titleEn: 'Trauma and the Body in Gestalt',
    ...common(traumaStart, 1, ONLINE), duration: line('3 godziny', '3 hours'), isOnline: true,
    thumbnail: '/media/thumb-trauma.webp', videoSrc: '/media/preview-trauma.webm', ...channelOf('jan-kowalczyk'),
    heroDesc: line('Wieczorne seminarium o regulacji, granicach i tempie pracy z osobami po traumie.', 'An evening seminar on regulation, boundaries and pace in work with people after trauma.'),
    whyWatch: [
      { title: line('Okno tolerancji', 'The window of tolerance'), desc: line('Jak rozpoznać, że klient wychodzi poza bezpieczny zakres.', 'How to notice a client leaving the safe range.') },
      { title: line('Zasoby w ciele', 'Resources in the body'), desc: line('Proste sposoby na ugruntowanie w trakcie sesji.', 'Simple ways of grounding during a session.') },
    ],
    subDesc: line('Nagranie jest dostępne przez 90 dni od daty spotkania.', 'The recording is available for 90 days from the meeting date.'),
    details: [
      detail(L.date, dates(traumaStart, 1)), detail(L.schedule, line('18:00–21:00', '18:00–21:00')), detail(L.place, ONLINE),
      detail(L.price, line('299 PLN', '299 PLN')), detail(L.hours, line('3 godziny do certyfikacji', '3 hours towards certification')),
    ],
    final: line('Dla terapeutów pracujących z traumą i osób w szkoleniu. Zaświadczenie o 3 godzinach.', 'For therapists working with trauma and people in training. Certificate for 3 hours.'),
    certificate: null, recordingAvailable: true, facilitators: ['jan-kowalczyk'], teachers: [teacher('jan-kowalczyk')],
    price: prices('trauma', 77, 299, 68), groupSize: { min: 10, max: 16 },
  };

  const fieldTheory: Product = {
    key: DEMO_KEYS.fieldTheory, category: 'workshop', title: 'Teoria pola w pracy z grupą', titleEn: 'Field Theory in Group Work',
    ...common(fieldStart, 3, ONLINE), duration: line('3 dni, 25,5 godziny', '3 days, 25.5 hours'), isOnline: true,
    thumbnail: '/media/thumb-field.webp', videoSrc: null, ...channelOf('tomasz-wrona'),
    heroDesc: line('Warsztat o tym, jak pole grupy kształtuje każdego z jej członków — i jak prowadzący może z tym polem pracować.', 'A workshop on how a group’s field shapes each member, and how a leader can work with that field.'),
    whyWatch: [
      { title: line('Myślenie polowe', 'Field thinking'), desc: line('Od Lewina do współczesnej praktyki grupowej.', 'From Lewin to present-day group practice.') },
      { title: line('Interwencje grupowe', 'Group interventions'), desc: line('Kiedy mówić do osoby, a kiedy do całej grupy.', 'When to speak to a person and when to the whole group.') },
    ],
    subDesc: line('Warsztat łączy krótkie wykłady z pracą w grupie procesowej.', 'Short lectures alternate with work in a process group.'),
    details: [
      detail(L.date, dates(fieldStart, 3)), detail(L.schedule, line('10:00–18:30, przerwa 13:30–14:30', '10:00–18:30, break 13:30–14:30')),
      detail(L.place, ONLINE), detail(L.group, line('od 10 do 16 osób', '10 to 16 people')), detail(L.price, line('2290 PLN', '2290 PLN')),
      detail(L.hours, line('25,5 godziny do certyfikacji', '25.5 hours towards certification')),
    ],
    final: line('Dla prowadzących grupy i terapeutów w szkoleniu. Zaświadczenie o 25,5 godzinach szkolenia.', 'For group leaders and therapists in training. Certificate for 25.5 training hours.'),
    certificate: '/media/certificate.svg', recordingAvailable: false, facilitators: ['tomasz-wrona', 'marta-zielinska'], teachers: [teacher('tomasz-wrona'), teacher('marta-zielinska')],
    price: prices('field_theory', 630, 2290, 540), groupSize: { min: 10, max: 16 },
  };

  // The training of spec sections 1 and 9: 50 hours over 6 days, 8 to 14 people, 2200 PLN with a deposit.
  const instalmentsUntil = new Date(breathStart.getTime() + 90 * 86_400_000);
  const place = line('Ośrodek „Polana”, Podkowa Leśna', '“Polana” retreat centre, Podkowa Leśna');
  const breath: Product = {
    key: DEMO_KEYS.breath, category: 'training', title: 'Oddech i ucieleśnienie', titleEn: 'Breath and Embodiment',
    ...common(breathStart, 6, place), duration: line('6 dni, 50 godzin', '6 days, 50 hours'), isOnline: false,
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
    details: [
      detail(L.date, dates(breathStart, 6)),
      detail(L.schedule, line('09:00–17:30, przerwa obiadowa 13:00–14:30', '09:00–17:30, lunch 13:00–14:30')),
      detail(L.place, place),
      detail(L.group, line('od 8 do 14 osób', '8 to 14 people')),
      detail(L.price, line(
        `2200 PLN: zadatek 400 PLN, pozostałe 1800 PLN do rozpoczęcia; raty możliwe do ${formatDate(instalmentsUntil, 'pl', 'month')} po uzgodnieniu`,
        `2200 PLN: a 400 PLN deposit, the remaining 1800 PLN by the start; instalments possible until ${formatDate(instalmentsUntil, 'en', 'month')} by arrangement`)),
      detail(L.stay, line(
        'płatne gotówką na miejscu: 1250 PLN od osoby w pokoju dwuosobowym, 1500 PLN w pokoju jednoosobowym',
        'paid in cash on site: 1250 PLN per person in a double room, 1500 PLN in a single room')),
      detail(L.hours, line('50 godzin (6 dni) do certyfikacji', '50 hours (6 days) towards certification')),
    ],
    final: line(
      'Dla psychoterapeutów w szkoleniu, absolwentów szkół psychoterapii oraz osób spoza zawodu, które mają za sobą co najmniej dwa lata terapii indywidualnej. Zaświadczenie o 50 godzinach jest uznawane przez dwa towarzystwa certyfikujące.',
      'For psychotherapists in training, graduates of psychotherapy schools, and non-psychotherapists with at least two years of individual therapy. The 50-hour certificate counts towards two professional certification bodies.'),
    certificate: '/media/certificate.svg', recordingAvailable: false, facilitators: ['ewa-lis', 'jan-kowalczyk'], teachers: [teacher('ewa-lis'), teacher('jan-kowalczyk')],
    price: prices('breath', 610, 2200, 520), groupSize: { min: 8, max: 14 },
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
