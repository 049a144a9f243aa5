/** Text made safe to put inside HTML, an attribute's quotes included (pages, e-mails, the mailbox). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
