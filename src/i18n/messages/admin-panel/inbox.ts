/** The inbox section: messages sent through the contact form. */
export const pl = {
  'adminPanel.tab.inbox': 'Wiadomości',
  'adminPanel.inbox.total': 'Wiadomości: {total}, nieprzeczytane: {unread}',
  'adminPanel.inbox.empty': 'Nikt jeszcze nie napisał przez formularz kontaktowy.',
  'adminPanel.inbox.unread': 'nowa',
  'adminPanel.inbox.reply': 'Odpowiedz e-mailem',
  'adminPanel.inbox.replySubject': 'Re: Wiadomość przez formularz kontaktowy',
  'adminPanel.inbox.replySubjectEn': 'Re: Your message via the contact form',
  'adminPanel.inbox.language': 'Język nadawcy: {lang}',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'adminPanel.tab.inbox': 'Messages',
  'adminPanel.inbox.total': 'Messages: {total}, unread: {unread}',
  'adminPanel.inbox.empty': 'Nobody has written through the contact form yet.',
  'adminPanel.inbox.unread': 'new',
  'adminPanel.inbox.reply': 'Reply by e-mail',
  'adminPanel.inbox.replySubject': 'Re: Wiadomość przez formularz kontaktowy',
  'adminPanel.inbox.replySubjectEn': 'Re: Your message via the contact form',
  'adminPanel.inbox.language': 'Sender\'s language: {lang}',
};
