import type { Facilitator } from '../facilitator.ts';

/** Demo facilitators: invented people, original bios. */
export const demoFacilitators: Facilitator[] = [
  {
    id: 'marta-zielinska', name: 'Marta Zielińska', avatar: '/media/avatar-marta.svg', position: 1,
    role: { pl: 'Psychoterapeutka Gestalt, superwizorka', en: 'Gestalt psychotherapist, supervisor' },
    bio: {
      pl: 'Od dwudziestu lat prowadzi terapię indywidualną i grupową. Interesuje ją wstyd i to, jak rodzi się w relacji — i jak w relacji może się zmieniać. Prowadzi superwizje dla terapeutów w szkoleniu.',
      en: 'She has worked with individuals and groups for twenty years. She is interested in shame, how it is born in relationship and how relationship can change it. She supervises therapists in training.',
    },
  },
  {
    id: 'tomasz-wrona', name: 'Tomasz Wrona', avatar: '/media/avatar-tomasz.svg', position: 2,
    role: { pl: 'Trener psychoterapii Gestalt', en: 'Gestalt psychotherapy trainer' },
    bio: {
      pl: 'Uczy teorii pola i pracy z grupą. Wcześniej przez dekadę pracował w interwencji kryzysowej, co nauczyło go uważności na kontekst, w którym żyje klient.',
      en: 'He teaches field theory and group work. Before that he spent a decade in crisis intervention, which taught him to attend to the context a client lives in.',
    },
  },
  {
    id: 'ewa-lis', name: 'Ewa Lis', avatar: '/media/avatar-ewa.svg', position: 3,
    role: { pl: 'Psychoterapeutka, terapeutka oddechu', en: 'Psychotherapist, breath therapist' },
    bio: {
      pl: 'Łączy podejście Gestalt z pracą z oddechem i ciałem. Prowadzi wielodniowe treningi, w których doświadczenie ciała staje się drogą do kontaktu z sobą i z innymi.',
      en: 'She combines Gestalt with breath and body work. Her multi-day trainings use bodily experience as a way into contact with oneself and with others.',
    },
  },
  {
    id: 'jan-kowalczyk', name: 'Jan Kowalczyk', avatar: '/media/avatar-jan.svg', position: 4,
    role: { pl: 'Psychoterapeuta traumy', en: 'Trauma psychotherapist' },
    bio: {
      pl: 'Specjalizuje się w pracy z traumą rozwojową i szokową. Uczy, jak wspierać regulację klienta, zanim sięgnie się po trudną treść.',
      en: 'He specialises in developmental and shock trauma. He teaches how to support a client’s regulation before reaching for difficult content.',
    },
  },
  {
    id: 'helena-maj', name: 'Helena Maj', avatar: '/media/avatar-helena.svg', position: 5,
    role: { pl: 'Psychoterapeutka par i rodzin', en: 'Couples and family psychotherapist' },
    bio: {
      pl: 'Pracuje z parami i rodzinami. W seminariach pokazuje, jak style kontaktu — konfluencja, introjekcja, projekcja, retrofleksja — ożywają między ludźmi.',
      en: 'She works with couples and families. Her seminars show how contact styles — confluence, introjection, projection, retroflection — come alive between people.',
    },
  },
];
