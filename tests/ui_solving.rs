//! The open-table form while its rules' house edge is solved (on a thread of its own, once
//! a process: this file's one test sees the first form of its process, which waits for
//! it). The lines under the rules hold their height: the Open button (and each Resume)
//! stays where the dealer saw it when the solve ends. (It moved a line down, 21.2 px, and
//! a click the frame it moved missed.)

mod common;
#[path = "common/ui.rs"]
mod ui_common;

use common::{DEALER, SUPERVISOR, temp_db};
use croupier::i18n::{Lang, tr};
use croupier::ui::Screen;
use egui_kittest::kittest::Queryable;
use ui_common::{H, screen, type_login, until_solved};

/// The Open button's place on the screen.
fn open_button(h: &H) -> egui::Rect {
    h.get_by_label("Open table (Enter)").rect()
}

#[test]
fn the_open_button_stays_put_when_the_house_edge_is_solved() {
    let path = temp_db("solving");
    {
        let mut store = common::store_at_t0(&path);
        common::add_staff(&mut store, &[SUPERVISOR, DEALER]);
    }
    let mut h = screen(&path);
    type_login(&mut h, ["Name", "PIN"], DEALER.0, DEALER.2);
    assert_eq!(
        h.state().screen(),
        Screen::Setup,
        "{:?}",
        h.state().status()
    );
    let solving = tr(Lang::En, "table-form-solving");
    assert!(
        h.query_by_label(&solving).is_some(),
        "the first form of the process shows the house edge being solved"
    );
    let before = open_button(&h);
    until_solved(&mut h);
    assert!(h.query_by_label(&solving).is_none());
    assert_eq!(open_button(&h), before, "the Open button moved");
}
