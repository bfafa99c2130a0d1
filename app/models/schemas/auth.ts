// Contract of the main API's authentication, user, notification, issue-report, contact, error-report
// and mail-outbox endpoints (docs/api/auth-and-user.md). Shared by the upstream (input rules), the
// portal's clients and forms, and the contract tests. Imports nothing server-only.
import { z } from "zod";

// ---------------------------------------------------------------------------------------------
// Rules and messages
// ---------------------------------------------------------------------------------------------

export {
  AUTH_MESSAGES,
  CONTACT_MESSAGE_MAX,
  ERROR_REPORT_FIELD_MAX,
  ISSUE_DESCRIPTION_MAX,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE_MESSAGE,
} from "../auth-constants";
import { CONTACT_MESSAGE_MAX, ISSUE_DESCRIPTION_MAX, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_MESSAGE } from "../auth-constants";

const email = z
  .string({ required_error: "Enter your e-mail address." })
  .trim()
  .toLowerCase()
  .min(1, "Enter your e-mail address.")
  .max(254, "That e-mail address is too long.")
  .email("Enter a valid e-mail address.");

export const passwordRule = z
  .string({ required_error: "Enter a password." })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_RULE_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine((p) => /\p{L}/u.test(p) && /\d/.test(p), PASSWORD_RULE_MESSAGE);

const name = (label: string) =>
  z.string({ required_error: `Enter your ${label}.` }).trim().min(1, `Enter your ${label}.`).max(100, `Your ${label} is too long (at most 100 characters).`);

const token = z.string({ required_error: "The link is incomplete." }).trim().min(1, "The link is incomplete.").max(200, "The link is not valid.");

/** A 6-digit code; a number is accepted too (leading zeros restored). */
export const totpCodeInput = z
  .union([z.string(), z.number()], { required_error: "Enter the 6-digit code from your authenticator app." })
  .transform((v) => (typeof v === "number" ? String(Math.trunc(v)).padStart(6, "0") : v.replace(/[\s-]/g, "")))
  .refine((v) => /^\d{6}$/.test(v), "Enter the 6-digit code from your authenticator app.");

const samePasswords = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;
const mismatch = { message: "The two passwords do not match.", path: ["password_confirmation"] };

// ---------------------------------------------------------------------------------------------
// Inputs (the upstream accepts each either as is or wrapped in {"user": {...}}, Devise style)
// ---------------------------------------------------------------------------------------------

export const SignInInput = z.object({
  email,
  password: z.string({ required_error: "Enter your password." }).min(1, "Enter your password.").max(1000, "Invalid email or password."),
});

export const Verify2faInput = z.object({
  challenge: z.string({ required_error: "Please sign in again." }).min(1, "Please sign in again.").max(200),
  code: totpCodeInput,
});

export const RegisterInput = z
  .object({
    email,
    password: passwordRule,
    password_confirmation: z.string({ required_error: "Repeat the password." }),
    first_name: name("first name"),
    last_name: name("last name"),
    role: z.enum(["client", "consultant"], { errorMap: () => ({ message: "Choose whether you register as a client or as a consultant." }) }),
  })
  .refine(samePasswords, mismatch);

export const ConfirmInput = z.object({ token });
export const EmailInput = z.object({ email });
export const SignInLinkInput = z.object({ token });

export const ResetPasswordInput = z
  .object({
    reset_password_token: token,
    password: passwordRule,
    password_confirmation: z.string({ required_error: "Repeat the password." }),
  })
  .refine(samePasswords, mismatch);

export const ChangePasswordInput = z
  .object({
    current_password: z.string({ required_error: "Enter your current password." }).min(1, "Enter your current password.").max(1000),
    password: passwordRule,
    password_confirmation: z.string({ required_error: "Repeat the new password." }),
  })
  .refine(samePasswords, mismatch);

export const Enable2faInput = z.object({ code: totpCodeInput });
/** The code form of the sign-in's second step (/auth/2fa/verify). */
export const TotpCodeForm = z.object({ code: totpCodeInput });
export const Disable2faInput = z.object({
  password: z.string({ required_error: "Enter your password." }).min(1, "Enter your password.").max(1000),
});

export const ROLES = ["consultant", "client", "admin", "member", "ops_template"] as const;
export const RoleSchema = z.enum(ROLES);

export const RoleValidateInput = z.object({ user_role: z.string({ required_error: "user_role is required." }).max(50) });

export const NotificationsReadInput = z.object({
  ids: z.array(z.number().int().positive()).max(500, "Mark at most 500 notifications at once.").optional(),
});

export const ReportIssueInput = z.object({
  description: z
    .string({ required_error: "Describe the issue." })
    .trim()
    .min(1, "Describe the issue.")
    .max(ISSUE_DESCRIPTION_MAX, `Keep the description under ${ISSUE_DESCRIPTION_MAX} characters.`),
  url: z.string().trim().max(2000, "The page address is too long.").optional().default(""),
});

export const ContactInput = z.object({
  name: name("name"),
  email,
  company: z.string().trim().max(200, "The company name is too long (at most 200 characters).").optional().default(""),
  message: z
    .string({ required_error: "Write your message." })
    .trim()
    .min(1, "Write your message.")
    .max(CONTACT_MESSAGE_MAX, `Keep the message under ${CONTACT_MESSAGE_MAX} characters.`),
});


// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

// Query strings and inputs of the signed-in user's and the admins' calls (upstream/main/user.ts).
const pageQuery = {
  page: z.coerce.number({ invalid_type_error: "page must be a number." }).int().min(1).max(100_000).default(1),
  per_page: z.coerce.number({ invalid_type_error: "per_page must be a number." }).int().min(1).max(100).default(25),
};

export const IssueReportsQuery = z.object({
  status: z
    .enum(["open", "closed", ""], { errorMap: () => ({ message: "status is open or closed." }) })
    .optional()
    .transform((s) => s || undefined),
  ...pageQuery,
});

export const MailOutboxQuery = z.object({
  to: z.string().trim().max(254).optional().default(""),
  ...pageQuery,
});

export const RefusalReportInput = z.object({
  method: z.string().trim().toUpperCase().pipe(z.enum(["POST", "PUT", "PATCH", "DELETE"])),
  path: z.string().trim().min(1).max(500).refine((p) => p.startsWith("/") && !p.includes("\u0000"), "A portal path."),
  reason: z.string().trim().min(1).max(200).default("Your role does not allow this."),
});

/** POST /error/send_fe_error.json: any JSON value per field (stored as JSON text, cut at 10 000 characters). */
export const ErrorReportInput = z.object({
  error: z.unknown().describe("required, not empty"),
  errorInfo: z.unknown().optional(),
  errorUrl: z.unknown().optional(),
  email: z.unknown().optional(),
});

export const ErrorAnswer = z.object({ error: z.string(), errors: z.record(z.array(z.string())).optional() });
export const MessageAnswer = z.object({ message: z.string() });
export const ResultAnswer = z.object({ result: z.boolean() });

export const SessionUser = z.object({
  id: z.number().int(),
  email: z.string(),
  role: RoleSchema,
  username: z.string(),
  first_name: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SignedInAnswer = z.object({ token: z.string().min(20), user: SessionUser });
export const TwoFactorRequiredAnswer = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string().min(20),
  /** The account's address, when the caller did not send it (a sign-in link). */
  email: z.string().optional(),
});
export const SignInAnswer = z.union([SignedInAnswer, TwoFactorRequiredAnswer]);
export type SignInAnswer = z.infer<typeof SignInAnswer>;

export const TwoFactorSetupAnswer = z.object({ secret: z.string(), otpauth_url: z.string().startsWith("otpauth://totp/"), qr_svg: z.string() });
/** The setup the enable form posts back (hidden fields), to show the QR code again after an error. */
export const TwoFactorSecretFields = z.object({ secret: z.string().regex(/^[A-Z2-7]{16,128}=*$/), otpauth_url: z.string().max(1000) });
export const TwoFactorStatusAnswer = z.object({ enabled: z.boolean() });
export const TwoFactorChangedAnswer = MessageAnswer.extend({ enabled: z.boolean() });

export const MeAnswer = z.object({
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    role: RoleSchema,
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    bio: z.string(),
    is_uam: z.boolean(),
    totp_enabled: z.boolean(),
    /** The licence or authorisation number a signature records (ADR 088). */
    authorisation_number: z.string().nullable(),
  }),
  organization: z
    .object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      product_type: z.string(),
      search_all: z.boolean(),
      client_logo: z.string().nullable(),
      has_ops: z.boolean(),
      has_oil: z.boolean(),
    })
    .nullable(),
  products: z.object({ storage: z.boolean(), ops: z.boolean(), oil: z.boolean() }),
  consultant: z.object({ id: z.number().int(), stage: z.string(), name: z.string() }).nullable(),
});
export type MeAnswer = z.infer<typeof MeAnswer>;

/** The user's own profile fields: the licence or authorisation number (empty clears it). */
export const ProfileUpdateInput = z.object({
  authorisation_number: z
    .string({ required_error: "Enter your licence or authorisation number, or leave it empty." })
    .trim()
    .max(40, "A licence or authorisation number has at most 40 characters."),
});
export const ProfileUpdateAnswer = z.object({ message: z.string(), user: MeAnswer.shape.user });

export const NotificationType = z.enum(["order", "user", "project", "feature"]);
export const Notification = z.object({
  id: z.number().int(),
  type: NotificationType,
  title: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export const NotificationsAnswer = z.object({ notifications: z.array(Notification), unread: z.number().int() });
export const NotificationsReadAnswer = MessageAnswer.extend({ updated: z.number().int() });

export const ErrorReportAnswer = z.object({ result: z.literal(true) });

export const IssueReport = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  status: z.enum(["open", "closed"]),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  user: z.object({ id: z.number().int(), email: z.string(), username: z.string() }),
});
export const IssueReportAnswer = MessageAnswer.extend({ id: z.number().int() });
export const IssueReportsAnswer = z.object({
  reports: z.array(IssueReport),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export const IssueReportClosedAnswer = MessageAnswer.extend({ report: IssueReport });

export const OutboxMail = z.object({
  id: z.number().int(),
  to_address: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
});
export const MailOutboxAnswer = z.object({
  mails: z.array(OutboxMail),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
