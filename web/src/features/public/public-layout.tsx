import type { ReactNode } from "react";

/** A simple public page: heading, text and actions. */
export function PublicPage({
  title,
  dataQa,
  children,
}: {
  readonly title: ReactNode;
  readonly dataQa: string;
  readonly children: ReactNode;
}) {
  const id = `${dataQa}-title`;
  return (
    <section aria-labelledby={id} data-qa={dataQa}>
      <h1 id={id}>{title}</h1>
      {children}
    </section>
  );
}
