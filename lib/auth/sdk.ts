// The Firebase calls the app uses, gathered in one module that is only ever imported lazily
// (see ./firebase.ts): named re-exports keep the chunk tree-shaken, and keeping it out of the
// first load keeps the home page light.
export { getApps, initializeApp } from "firebase/app";
export {
  applyActionCode,
  browserLocalPersistence,
  checkActionCode,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  updateProfile,
  validatePassword,
  verifyBeforeUpdateEmail,
  verifyPasswordResetCode,
} from "firebase/auth";
export type { ActionCodeSettings, Auth, User as FirebaseUser, UserCredential } from "firebase/auth";
