/**
 * What must end before the session does. The logout runs every registered step first and then
 * ends the session; a step may give back how to undo it, for a logout the server refused. The live
 * connection registers here (features never import each other; both use this).
 */
export type BeforeLogoutStep = () => Promise<(() => void) | void>;

const steps = new Set<BeforeLogoutStep>();

/** Registers a step; the returned function removes it. */
export function beforeLogout(step: BeforeLogoutStep): () => void {
  steps.add(step);
  return () => {
    steps.delete(step);
  };
}

/** Runs every step; the result undoes them all (the logout failed and the session goes on). */
export async function runBeforeLogout(): Promise<() => void> {
  const undos = await Promise.all([...steps].map((step) => step()));
  return () => {
    for (const undo of undos) undo?.();
  };
}
