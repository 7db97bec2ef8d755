import type { ReactNode } from "react";

export interface NoticeProps {
  readonly tone?: "info" | "success" | "warning" | "error";
  readonly dataQa: string;
  readonly children: ReactNode;
  readonly title?: ReactNode;
}

/**
 * A message box. Errors and warnings are announced at once (role alert); info and
 * success politely (role status).
 */
export function Notice({ tone = "info", dataQa, children, title }: NoticeProps) {
  const urgent = tone === "error" || tone === "warning";
  return (
    <div className={`notice notice--${tone}`} role={urgent ? "alert" : "status"} data-qa={dataQa}>
      {title ? <p className="notice__title">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
