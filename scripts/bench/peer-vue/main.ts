// The Vue + Vant peer of /login (scripts/bench/peer.ts builds it). Vant's styles per component,
// as its docs show for builds without an auto-import plugin.
import { createApp } from 'vue';
import 'vant/es/tabs/style/index.mjs';
import 'vant/es/tab/style/index.mjs';
import 'vant/es/cell-group/style/index.mjs';
import 'vant/es/field/style/index.mjs';
import 'vant/es/button/style/index.mjs';
import 'vant/es/checkbox/style/index.mjs';
import 'vant/es/toast/style/index.mjs';
import App from './App.vue';

createApp(App).mount('#app');
