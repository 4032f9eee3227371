import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '@quizcast/contract/constants';
import type { ParticipantUser } from '@quizcast/contract/schemas/student';
import { storage } from './storage';

interface AuthState {
  user: ParticipantUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  /** Keep the signed-in user (and the access token, when one is given) on the device. */
  saveUser(user: ParticipantUser, accessToken?: string): void;
  /** Sign out on this device: forget the user and the token. */
  removeUser(): void;
}

const AuthContext = createContext<AuthState | null>(null);

const optionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string';

/**
 * The stored user, checked by hand rather than with the contract's zod schema: this runs on every
 * screen's first load, and zod would add ~15 KB gzip to it (issue 17's budgets). The server is the
 * authority; this only makes sure a damaged or old entry starts the app signed out, not broken.
 */
export function parseStoredUser(raw: string): ParticipantUser | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const texts = ['_id', 'name', 'phNo', 'place', 'class'].every((key) => typeof v[key] === 'string');
  const optional = ['email', 'school', 'profilePicUrl'].every((key) => optionalText(v[key]));
  const role = v.role === undefined ? 'participant' : v.role;
  if (!texts || !optional || (role !== 'participant' && role !== 'admin')) return null;
  return { ...(v as unknown as ParticipantUser), role };
}

function readStoredUser(): ParticipantUser | null {
  const raw = storage.get(STORAGE_KEYS.user);
  if (!raw) return null;
  const user = parseStoredUser(raw);
  if (!user) console.warn('Could not read the stored user; starting signed out.');
  return user;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<ParticipantUser | null>(null);
  const [isLoading, setIsLoading] = useState(true);

  // The stored user is read once after mount (the spec's "Loading..." screen covers it).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one-time sync from local storage
    setUser(readStoredUser());
    setIsLoading(false);
  }, []);

  const saveUser = useCallback((next: ParticipantUser, accessToken?: string) => {
    storage.set(STORAGE_KEYS.user, JSON.stringify(next));
    if (accessToken) storage.set(STORAGE_KEYS.accessToken, accessToken);
    setUser(next);
  }, []);

  const removeUser = useCallback(() => {
    storage.remove(STORAGE_KEYS.user);
    storage.remove(STORAGE_KEYS.accessToken);
    setUser(null);
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, isAuthenticated: user !== null, isLoading, saveUser, removeUser }),
    [user, isLoading, saveUser, removeUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
