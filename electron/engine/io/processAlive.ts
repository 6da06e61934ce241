/**
 * Whether a process with this pid exists (signal 0 checks without sending anything). EPERM means
 * it exists but belongs to another user: alive. Used to tell a live owner's files (temp files,
 * the server discovery file) from ones a crashed process left behind.
 */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
