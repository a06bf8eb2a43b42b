import type { Article } from '../article.ts';

/** Demo library: short notes pointing to public encyclopaedia entries. Keys follow the slug + suffix rule. */
export const demoArticles: Article[] = [
  {
    key: 'terapia-gestalt-krotkie-wprowadzenie-a1b2c3',
    title: 'Terapia Gestalt — krótkie wprowadzenie',
    description: 'Skąd wzięło się podejście Gestalt, czym jest kontakt i dlaczego liczy się „tu i teraz”.',
    link: 'https://pl.wikipedia.org/wiki/Terapia_Gestalt',
  },
  {
    key: 'gestalt-therapy-an-overview-d4e5f6',
    title: 'Gestalt therapy: an overview',
    description: 'The history, the main ideas and the practice of Gestalt therapy in one long read.',
    link: 'https://en.wikipedia.org/wiki/Gestalt_therapy',
  },
  {
    key: 'teoria-pola-kurta-lewina-g7h8i9',
    title: 'Teoria pola Kurta Lewina',
    description: 'Zachowanie jako funkcja osoby i środowiska: źródło myślenia polowego w Gestalcie.',
    link: 'https://en.wikipedia.org/wiki/Field_theory_(psychology)',
  },
  {
    key: 'fritz-perls-zycie-i-dzielo-j0k1l2',
    title: 'Fritz Perls — życie i dzieło',
    description: 'Współtwórca terapii Gestalt: biografia, książki i spory, które wywołał.',
    link: 'https://en.wikipedia.org/wiki/Fritz_Perls',
  },
];
