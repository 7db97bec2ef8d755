/**
 * An e-mail address shown to whoever holds a mailed link, masked: the first letters of
 * the local part and the whole domain, so the person recognises the account while a mail
 * gateway or the recipient of a forwarded mail does not learn the address.
 *
 * @example
 * maskedAddress("maria.muster@example.com"); // "ma•••@example.com"
 * maskedAddress("al@example.com"); // "a•••@example.com"
 */
export const maskedAddress = (email: string): string => {
  const at = email.lastIndexOf("@");
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? "" : email.slice(at);
  // Short local parts keep one letter, so at least two stay hidden.
  const shown = local.length > 3 ? 2 : 1;
  return `${Array.from(local).slice(0, shown).join("")}•••${domain}`;
};
