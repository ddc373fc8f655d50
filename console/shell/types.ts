/** What the shell hands every section: who is signed in, in which workspace, with which permissions. */
export interface ConsoleSession {
  workspaceId: string;
  user: { id: string; email: string; name: string | null };
  role: string;
  permissions: readonly string[];
}

export interface SectionProps {
  session: ConsoleSession;
  /** The path segments after /app/<section>/. */
  path: readonly string[];
  /** Goes to an /app/... path (history push, no reload). */
  navigate(to: string): void;
}
