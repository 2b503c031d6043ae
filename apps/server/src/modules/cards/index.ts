// The cards module's public entry: the caller's cards, binding and unbinding (it owns
// card_bindings), card info and the home-page hint.
export { cardsRoutes } from './routes';
export { cardOwner, claimCard, releaseCard } from './ownership';
export { bindCard, cardInfo, cardNamed, clew, CARD_PASSWORD_NEEDED } from './service';
