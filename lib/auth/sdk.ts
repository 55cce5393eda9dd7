// The Firebase calls the app uses, gathered in one module that is only ever imported lazily
// (see ./firebase.ts): named re-exports keep the chunk tree-shaken, and keeping it out of the
// first load keeps the home page light.
export { getApps, initializeApp } from "firebase/app";
export {
  applyActionCode,
  browserLocalPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  validatePassword,
} from "firebase/auth";
export type { Auth, User as FirebaseUser, UserCredential } from "firebase/auth";
