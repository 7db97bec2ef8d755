import { RegisterForm } from "./register-page.js";

/** The member variant of the registration. */
export default function RegisterMembersPage() {
  return <RegisterForm member />;
}
