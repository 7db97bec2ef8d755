import type { ReactNode, Ref } from "react";

/** Props of {@link AccountPage}. */
export interface AccountPageProps {
  readonly dataQa: string;
  readonly title: ReactNode;
  /** The heading's id (forms on the page are labelled by it). */
  readonly titleId?: string;
  /** For a page whose heading takes the focus (a success page). */
  readonly titleRef?: Ref<HTMLHeadingElement>;
  readonly titleQa?: string;
  /** One or two sentences under the title: what the page is for. */
  readonly intro?: ReactNode;
  /** The page's cards ({@link AccountCard}). */
  readonly children: ReactNode;
  readonly className?: string;
  /** The page's element, for a page that moves the focus within itself. */
  readonly pageRef?: Ref<HTMLElement>;
}

/**
 * The one template of the account pages: the title and its intro on the page's ground,
 * then the content in cards. A page of one form is one card; the profile is a few
 * short cards a person takes in at a glance.
 */
export function AccountPage(props: AccountPageProps) {
  const className = ["account-page", "account-page--cards", props.className]
    .filter(Boolean)
    .join(" ");
  return (
    <section ref={props.pageRef} className={className} data-qa={props.dataQa}>
      <h1
        id={props.titleId}
        ref={props.titleRef}
        tabIndex={props.titleRef ? -1 : undefined}
        data-qa={props.titleQa}
      >
        {props.title}
      </h1>
      {props.intro ? <p className="account-page__intro">{props.intro}</p> : null}
      {props.children}
    </section>
  );
}

/** Props of {@link AccountCard}. */
export interface AccountCardProps {
  readonly dataQa?: string;
  /** The card's heading (h2); a page of one card may go without. */
  readonly title?: ReactNode;
  readonly titleId?: string;
  /** "danger": the deletion's card, drawn in the danger colour. "short": a summary card. */
  readonly tone?: "danger" | "short";
  readonly children: ReactNode;
}

/** One card of an {@link AccountPage}, labelled by its heading when it has one. */
export function AccountCard({ dataQa, title, titleId, tone, children }: AccountCardProps) {
  const className = [
    "account-section",
    tone === "danger" ? "danger-zone" : null,
    tone ? "account-section--short" : null,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <section
      className={className}
      aria-labelledby={title && titleId ? titleId : undefined}
      data-qa={dataQa}
    >
      {title ? <h2 id={titleId}>{title}</h2> : null}
      {children}
    </section>
  );
}
