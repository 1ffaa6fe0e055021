import type { OutgoingMail } from '../../platform/mail/mail-service.js';

// The review area's mails, plain text: the buyer's review request (one signed link per product)
// and the owner's "new review" notice.

export function requestMail(input: {
  to: string;
  name: string;
  siteTitle: string;
  links: { title: string; url: string }[];
}): OutgoingMail {
  const lines = input.links.map((link) => `${link.title}\n${link.url}`).join('\n\n');
  return {
    to: input.to,
    subject: `How do you like your order from ${input.siteTitle}?`,
    text: `Hello ${input.name || 'there'},\n\nThank you for your order. Would you tell other shoppers what you think? Each link below opens a short review form; no account is needed, and each link works once.\n\n${lines}\n\n${input.siteTitle}\n`,
  };
}

export function newReviewMail(input: {
  to: string;
  siteTitle: string;
  productTitle: string;
  rating: number;
  title: string;
  editorUrl: string;
}): OutgoingMail {
  return {
    to: input.to,
    subject: `New ${input.rating}-star review of ${input.productTitle}`,
    text: `A new review of ${input.productTitle} is waiting for you on ${input.siteTitle}:\n\n${'★'.repeat(input.rating)}${'☆'.repeat(5 - input.rating)} ${input.title}\n\nIt stays hidden until you approve it: ${input.editorUrl}\n`,
  };
}
