import { RegisterForm } from "./register-page.js";

// The same form, so the same parts in its prerendered frame.
export { frame } from "./register-page.js";

/** The member variant of the registration. */
export default function RegisterMembersPage() {
  return <RegisterForm member />;
}
