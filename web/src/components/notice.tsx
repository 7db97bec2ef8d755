import type { ReactNode, Ref } from "react";

export interface NoticeProps {
  readonly tone?: "info" | "success" | "warning" | "error";
  readonly dataQa: string;
  readonly children: ReactNode;
  readonly title?: ReactNode;
  /** For a notice that takes the focus (it replaced what had it, e.g. a form's answer). */
  readonly ref?: Ref<HTMLDivElement>;
}

/**
 * A message box. Errors and warnings are announced at once (role alert); info and
 * success politely (role status).
 */
export function Notice({ tone = "info", dataQa, children, title, ref }: NoticeProps) {
  const urgent = tone === "error" || tone === "warning";
  return (
    <div
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      className={`notice notice--${tone}`}
      role={urgent ? "alert" : "status"}
      data-qa={dataQa}
    >
      {title ? <p className="notice__title">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
