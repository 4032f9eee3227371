import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '@quizcast/contract/constants';
import { participantUserSchema, type ParticipantUser } from '@quizcast/contract/schemas/student';
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

function readStoredUser(): ParticipantUser | null {
  const raw = storage.get(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return participantUserSchema.parse(JSON.parse(raw));
  } catch (err) {
    console.warn('Could not read the stored user; starting signed out.', err);
    return null;
  }
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
