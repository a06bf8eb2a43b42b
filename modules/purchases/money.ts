/** An amount in whole units of its currency, as the buyer reads it ("2 290 zł", "€540"). */
export const formatAmount = (amount: number, currency: string, lang: 'pl' | 'en'): string =>
  new Intl.NumberFormat(lang === 'pl' ? 'pl-PL' : 'en-GB', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
